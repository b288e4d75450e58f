import { Button } from "@veil/ui";
import { Link } from "react-router-dom";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { AccountSection } from "./account-section.js";

/** Change password (docs/product.md §2.10): a button leading to the reset screen. */
export function ChangePasswordPage() {
  const t = useT();
  return (
    <AccountSection title={t("changePassword.title")}>
      <p className="text-text-muted">{t("changePassword.body")}</p>
      <Button asChild className="mt-6">
        <Link to={PATHS.account.changePasswordReset}>{t("changePassword.button")}</Link>
      </Button>
    </AccountSection>
  );
}
