import { CODE_LENGTH } from "@veil/contracts";
import { Button, OtpInput, type OtpInputHandle, TextField } from "@veil/ui";
import { type FormEvent, useId, useRef, useState } from "react";
import { codeErrorMessage, verifiedTotpFactor } from "../auth/assurance.js";
import { useAuth } from "../auth/auth-provider.js";
import { useT } from "../i18n/use-t.js";
import { useSubmitMessage } from "../pages/auth/use-submit-message.js";
import { FormMessage } from "./form-message.js";

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
  const introId = useId();
  const otp = useRef<OtpInputHandle>(null);
  const [code, setCode] = useState("");
  const [recoveryCode, setRecoveryCode] = useState("");
  const [useRecovery, setUseRecovery] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { formMessage, showError, clear } = useSubmitMessage();

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (useRecovery ? recoveryCode.trim() === "" : code.length !== CODE_LENGTH) return;
    setSubmitting(true);
    clear();
    try {
      const client = await getClient();
      const factor = verifiedTotpFactor(session?.user);
      const { error } = useRecovery
        ? await client.auth.mfa.recoveryCodes.verify({ code: recoveryCode })
        : factor
          ? await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
          : { error: { message: undefined } };
      if (error) {
        showError(codeErrorMessage(error));
        setCode("");
        otp.current?.clear();
      }
    } catch (failure) {
      console.error("Second-factor check failed", failure);
      showError({ key: "common.unknownError" });
    } finally {
      setSubmitting(false);
    }
  }

  async function cancel() {
    try {
      await (await getClient()).auth.signOut({ scope: "local" });
    } catch (failure) {
      console.error("Leaving the code step failed", failure);
    }
  }

  function switchMode() {
    clear();
    setUseRecovery((on) => !on);
  }

  return (
    <form noValidate onSubmit={confirm} className="flex flex-col gap-5">
      <p id={introId} className="text-text-muted">
        {t(useRecovery ? "twoFactor.signIn.recoveryIntro" : "twoFactor.signIn.intro")}
      </p>
      {useRecovery ? (
        <TextField
          label={t("twoFactor.signIn.recoveryCodeLabel")}
          value={recoveryCode}
          onChange={(e) => setRecoveryCode(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={introId}
          required
          autoFocus
        />
      ) : (
        <OtpInput
          ref={otp}
          label={t("twoFactor.signIn.codeLabel")}
          value={code}
          onValueChange={setCode}
          invalid={formMessage?.tone === "error"}
          aria-describedby={introId}
          autoFocus
        />
      )}
      <FormMessage message={formMessage} />
      <Button
        type="submit"
        size="lg"
        disabled={useRecovery ? recoveryCode.trim() === "" : code.length !== CODE_LENGTH}
        loading={submitting}
      >
        {t("twoFactor.signIn.submit")}
      </Button>
      <div className="flex flex-wrap justify-between gap-3">
        <Button type="button" variant="link" onClick={switchMode}>
          {t(useRecovery ? "twoFactor.signIn.useApp" : "twoFactor.signIn.useRecovery")}
        </Button>
        <Button type="button" variant="link" onClick={() => void cancel()}>
          {t("twoFactor.signIn.cancel")}
        </Button>
      </div>
    </form>
  );
}
