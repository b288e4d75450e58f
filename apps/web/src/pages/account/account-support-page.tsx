import { SUPPORT_REPLY_HOURS } from "@veil/contracts";
import { Button } from "@veil/ui";
import { Link } from "react-router-dom";
import { SupportEmailLink } from "../../components/support-email-link.js";
import { useRichT } from "../../i18n/use-rich-t.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { AccountSection } from "./account-section.js";

/** Support inside the account (docs/product.md §2.10): the address and the reply time. */
export function AccountSupportPage() {
  const t = useT();
  const rich = useRichT();
  return (
    <AccountSection title={t("accountSupport.title")}>
      <p className="text-text">
        {rich("accountSupport.body", { email: <SupportEmailLink />, hours: SUPPORT_REPLY_HOURS })}
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to={PATHS.faq}>{t("accountSupport.faq")}</Link>
      </Button>
    </AccountSection>
  );
}
