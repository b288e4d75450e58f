import { Alert } from "@veil/ui";
import { useLocation, useNavigate } from "react-router-dom";
import { NewPasswordForm } from "../../components/new-password-form.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { AccountSection } from "./account-section.js";

/**
 * New and repeat password; on success back to the profile (docs/product.md §2.10), which confirms it.
 * Also where a sign-up code that kept no password leads, with a notice saying why (code-confirmation.tsx).
 */
export function ChangePasswordResetPage() {
  const t = useT();
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: MessageKey } | null)?.notice;
  return (
    <AccountSection title={t("resetPassword.title")}>
      {notice ? (
        <Alert variant="warning" className="mb-4">
          {t(notice)}
        </Alert>
      ) : null}
      <NewPasswordForm
        onUpdated={() =>
          navigate(PATHS.account.profile, { state: { notice: "resetPassword.success" satisfies MessageKey } })
        }
      />
    </AccountSection>
  );
}
