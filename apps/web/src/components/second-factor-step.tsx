import { Button } from "@veil/ui";
import { useState } from "react";
import { codeErrorMessage, verifiedTotpFactor } from "../auth/assurance.js";
import { useAuth } from "../auth/auth-provider.js";
import { useT } from "../i18n/use-t.js";
import { CodeStep, type CodeVerdict } from "./code-step.js";

/**
 * The second step of signing in (docs/product.md §11.4): the password was right, and the account
 * has an authenticator. The code goes through supabase-js (`mfa.challengeAndVerify`), which raises
 * the session to aal2 and emits MFA_CHALLENGE_VERIFIED; the auth state then counts the user as
 * signed in and the caller's page moves on. A recovery code can stand in for the app's code.
 * "Sign in with another account" ends this half-finished session only (local scope).
 */
export function SecondFactorStep() {
  const t = useT();
  const { getClient, session } = useAuth();
  const [useRecovery, setUseRecovery] = useState(false);

  async function check(code: string): Promise<CodeVerdict> {
    try {
      const client = await getClient();
      const factor = verifiedTotpFactor(session?.user);
      const { error } = useRecovery
        ? await client.auth.mfa.recoveryCodes.verify({ code })
        : factor
          ? await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
          : { error: { message: undefined } };
      return error ? codeErrorMessage(error) : null;
    } catch (failure) {
      console.error("Second-factor check failed", failure);
      return { message: { key: "common.unknownError" }, keepCode: true };
    }
  }

  async function cancel() {
    try {
      await (await getClient()).auth.signOut({ scope: "local" });
    } catch (failure) {
      console.error("Leaving the code step failed", failure);
    }
  }

  return (
    <CodeStep
      entry={useRecovery ? "recovery-code" : "digits"}
      intro={t(useRecovery ? "twoFactor.signIn.recoveryIntro" : "twoFactor.signIn.intro")}
      codeLabel={t(useRecovery ? "twoFactor.signIn.recoveryCodeLabel" : "twoFactor.signIn.codeLabel")}
      confirmLabel={t("twoFactor.signIn.submit")}
      onCode={check}
      footer={
        <div className="flex flex-wrap justify-between gap-3">
          <Button type="button" variant="link" onClick={() => setUseRecovery((on) => !on)}>
            {t(useRecovery ? "twoFactor.signIn.useApp" : "twoFactor.signIn.useRecovery")}
          </Button>
          <Button type="button" variant="link" onClick={() => void cancel()}>
            {t("twoFactor.signIn.cancel")}
          </Button>
        </div>
      }
    />
  );
}
