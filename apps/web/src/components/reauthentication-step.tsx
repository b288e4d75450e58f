import { CODE_LENGTH, RESEND_COOLDOWN_SECONDS } from "@veil/contracts";
import { Button, OtpInput, type OtpInputHandle, ResendCountdown, type ResendCountdownHandle } from "@veil/ui";
import { type FormEvent, useId, useRef, useState } from "react";
import { useAuth } from "../auth/auth-provider.js";
import { identityErrorMessage } from "../auth/identity-errors.js";
import { rateLimitMessage } from "../auth/rate-limit-wait.js";
import { codeSchema } from "../forms/schemas.js";
import { useT } from "../i18n/use-t.js";
import { useSubmitMessage } from "../pages/auth/use-submit-message.js";
import { FormMessage } from "./form-message.js";

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
  const introId = useId();
  const otp = useRef<OtpInputHandle>(null);
  const countdown = useRef<ResendCountdownHandle>(null);
  const [code, setCode] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const { formMessage, showError, showSuccess, clear } = useSubmitMessage();

  function clearCode() {
    setCode("");
    otp.current?.clear();
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!codeSchema.safeParse(code).success || submitting) return;
    setSubmitting(true);
    clear();
    try {
      const client = await getClient();
      const { error } = await client.auth.updateUser({ password, nonce: code });
      if (error) {
        showError(
          error.code === "reauthentication_not_valid"
            ? { key: "reauthentication.invalidCode" }
            : identityErrorMessage(error),
        );
        clearCode();
        return;
      }
    } catch (failure) {
      console.error("Password update with a code failed", failure);
      showError({ key: "common.unknownError" });
      clearCode();
      return;
    } finally {
      setSubmitting(false);
    }
    showSuccess({ key: "resetPassword.success" });
    onUpdated();
  }

  async function resend() {
    setResending(true);
    clear();
    try {
      const client = await getClient();
      const { error } = await client.auth.reauthenticate();
      if (error) {
        showError(rateLimitMessage(error) ?? { key: "reauthentication.sendFailed" });
        return;
      }
      showSuccess({ key: "emailConfirmation.codeSentAgain" });
      clearCode();
      countdown.current?.restart();
    } catch (failure) {
      console.error("Resending the re-authentication code failed", failure);
      showError({ key: "reauthentication.sendFailed" });
    } finally {
      setResending(false);
    }
  }

  return (
    <form noValidate onSubmit={confirm} className="flex flex-col gap-5">
      <p id={introId} className="text-text-muted">
        {t("reauthentication.intro")}
      </p>
      <OtpInput
        ref={otp}
        label={t("reauthentication.codeLabel")}
        value={code}
        onValueChange={setCode}
        invalid={formMessage?.tone === "error"}
        aria-describedby={introId}
        autoFocus
      />
      <FormMessage message={formMessage} />
      <Button type="submit" size="lg" disabled={code.length !== CODE_LENGTH} loading={submitting}>
        {t("reauthentication.confirm")}
      </Button>
      <ResendCountdown
        ref={countdown}
        seconds={RESEND_COOLDOWN_SECONDS}
        resendLabel={t("emailConfirmation.resend")}
        countdownText={(time) => t("emailConfirmation.resendIn", { time })}
        startAnnouncement={(seconds) => t("emailConfirmation.resendAvailableIn", { seconds })}
        readyAnnouncement={t("emailConfirmation.resendAvailable")}
        resending={resending}
        onResend={() => void resend()}
      />
      <Button type="button" variant="link" onClick={onBack} className="self-start">
        {t("reauthentication.back")}
      </Button>
    </form>
  );
}
