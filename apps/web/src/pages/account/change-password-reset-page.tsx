import { useNavigate } from "react-router-dom";
import { NewPasswordForm } from "../../components/new-password-form.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { AccountSection } from "./account-section.js";

/** New and repeat password; on success back to the profile (docs/product.md §2.10), which confirms it. */
export function ChangePasswordResetPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <AccountSection title={t("resetPassword.title")}>
      <NewPasswordForm
        onUpdated={() =>
          navigate(PATHS.account.profile, { state: { notice: "resetPassword.success" satisfies MessageKey } })
        }
      />
    </AccountSection>
  );
}
