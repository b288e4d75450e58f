import { Button } from "@veil/ui";
import { useAuth } from "../auth/auth-provider.js";
import { identityErrorMessage } from "../auth/identity-errors.js";
import { rateLimitMessage } from "../auth/rate-limit-wait.js";
import { useT } from "../i18n/use-t.js";
import { CodeStep } from "./code-step.js";

/**
 * The code step of a password change, shown only when the server asked for it (GoTrue's secure
 * password change: the session signed in too long ago, `reauthentication_needed`). The server has
 * already mailed a code (`reauthenticate()`); the new password is sent again with it as `nonce`.
 * Focus lands in the code field; errors are announced (role="alert") and clear the boxes.
 */
export function ReauthenticationStep({
  password,
  onUpdated,
  onBack,
}: {
  /** The new password the user already typed (and repeated) on the first step. */
  password: string;
  onUpdated: () => void;
  /** Back to the password fields (e.g. to choose another password). */
  onBack: () => void;
}) {
  const t = useT();
  const { getClient } = useAuth();

  return (
    <CodeStep
      intro={t("reauthentication.intro")}
      codeLabel={t("reauthentication.codeLabel")}
      confirmLabel={t("reauthentication.confirm")}
      onCode={async (code) => {
        const client = await getClient();
        const { error } = await client.auth.updateUser({ password, nonce: code });
        if (error) {
          return error.code === "reauthentication_not_valid"
            ? { key: "reauthentication.invalidCode" }
            : identityErrorMessage(error);
        }
        onUpdated();
        return null;
      }}
      accepted={{ key: "resetPassword.success" }}
      resend={{
        send: async () => {
          const { error } = await (await getClient()).auth.reauthenticate();
          return error ? (rateLimitMessage(error) ?? { key: "reauthentication.sendFailed" }) : null;
        },
        failed: { key: "reauthentication.sendFailed" },
      }}
      footer={
        <Button type="button" variant="link" onClick={onBack} className="self-start">
          {t("reauthentication.back")}
        </Button>
      }
    />
  );
}
