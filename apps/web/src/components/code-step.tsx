import { RESEND_COOLDOWN_SECONDS } from "@veil/contracts";
import {
  Button,
  OtpInput,
  type OtpInputHandle,
  ResendCountdown,
  type ResendCountdownHandle,
  TextField,
} from "@veil/ui";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import type { UserMessage } from "../api/errors.js";
import { codeSchema } from "../forms/schemas.js";
import { useT } from "../i18n/use-t.js";
import { WRAPS } from "./button-wraps.js";
import { FormMessage } from "./form-message.js";
import { useSubmitMessage } from "./use-submit-message.js";

/**
 * What the caller's check of a code came to: `null` when the code was taken (the caller moves on),
 * a message when it was turned down (the boxes are emptied), or a message with `keepCode` when
 * something else went wrong and what was typed should stay.
 */
export type CodeVerdict = UserMessage | { message: UserMessage; keepCode: true } | null;

/** Another mailed code on request, behind the 30-second countdown. */
export type CodeResend = {
  /** Asks for another code; returns the error to show, or null when it was sent. */
  send: () => Promise<UserMessage | null>;
  /** Shown when asking threw. */
  failed: UserMessage;
  /** A turned-down code also restarts the countdown (the server asks for a fresh code). */
  restartOnWrongCode?: boolean;
};

/** Six digits, or (the recovery-code entry) anything but blank. */
export function codeComplete(entry: CodeEntry, value: string): boolean {
  return entry === "digits" ? codeSchema.safeParse(value).success : value.trim() !== "";
}

/** The six boxes, or one text field for a recovery code. */
export type CodeEntry = "digits" | "recovery-code";

/**
 * The one code-entry step of the app (docs/product.md §2.8, §4.8, §5.5, §11.4): an optional intro
 * that describes the field, the six boxes with focus, the outcome line (role="alert" for errors),
 * the confirm button enabled only with a complete code, and an optional resend countdown. A
 * turned-down code or a resent one empties the boxes and focuses the first. Used by sign-in's second
 * factor, re-authentication, the e-mail code screens and the two-factor section.
 */
export function CodeStep({
  entry = "digits",
  intro,
  codeLabel,
  confirmLabel,
  onCode,
  resend,
  accepted,
  notice,
  cancel,
  footer,
  children,
}: {
  entry?: CodeEntry;
  /** The line above the field; it also describes the field. */
  intro?: string;
  codeLabel: string;
  confirmLabel: string;
  onCode: (code: string) => Promise<CodeVerdict>;
  resend?: CodeResend;
  /** Shown as a success when a code was taken and the step stays on screen a moment. */
  accepted?: UserMessage;
  /** A success line shown while there is no outcome of this step to show (e.g. "code sent"). */
  notice?: string;
  /** A cancel button: confirm and cancel then sit side by side, as in the account's cards. */
  cancel?: ReactNode;
  /** Below the confirm button and the countdown. */
  footer?: ReactNode;
  /** Above the intro (the QR code while setting up an authenticator). */
  children?: ReactNode;
}) {
  const t = useT();
  const introId = useId();
  const otp = useRef<OtpInputHandle>(null);
  const countdown = useRef<ResendCountdownHandle>(null);
  const [digits, setDigits] = useState("");
  const [recoveryCode, setRecoveryCode] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const { formMessage, showError, showSuccess, clear } = useSubmitMessage();
  // Switching between the boxes and the recovery-code field drops the last outcome.
  const [shownEntry, setShownEntry] = useState(entry);
  if (shownEntry !== entry) {
    setShownEntry(entry);
    clear();
  }
  const value = entry === "digits" ? digits : recoveryCode;
  const complete = codeComplete(entry, value);

  function emptyBoxes() {
    setDigits("");
    otp.current?.clear();
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!complete || submitting) return;
    setSubmitting(true);
    clear();
    let verdict: CodeVerdict;
    try {
      verdict = await onCode(value);
    } catch (failure) {
      console.error("Code step failed", failure);
      verdict = { key: "common.unknownError" };
    } finally {
      setSubmitting(false);
    }
    if (verdict === null) {
      if (accepted) showSuccess(accepted);
    } else if ("keepCode" in verdict) {
      showError(verdict.message);
    } else {
      showError(verdict);
      emptyBoxes();
      if (resend?.restartOnWrongCode) countdown.current?.restart();
    }
  }

  async function sendAgain(how: CodeResend) {
    setResending(true);
    clear();
    try {
      const problem = await how.send();
      if (problem) {
        showError(problem);
        return;
      }
      showSuccess({ key: "emailConfirmation.codeSentAgain" });
      emptyBoxes();
      countdown.current?.restart();
    } catch (failure) {
      console.error("Resending the code failed", failure);
      showError(how.failed);
    } finally {
      setResending(false);
    }
  }

  const describedBy = intro === undefined ? undefined : introId;
  const submit = (
    <Button
      type="submit"
      size={cancel ? undefined : "lg"}
      className={cancel ? WRAPS : undefined}
      disabled={!complete}
      loading={submitting}
    >
      {confirmLabel}
    </Button>
  );
  return (
    <form noValidate onSubmit={confirm} className="flex flex-col gap-5">
      {children}
      {intro === undefined ? null : (
        <p id={introId} className="text-text-muted">
          {intro}
        </p>
      )}
      {entry === "digits" ? (
        <OtpInput
          ref={otp}
          label={codeLabel}
          value={digits}
          onValueChange={setDigits}
          invalid={formMessage?.tone === "error"}
          aria-describedby={describedBy}
          autoFocus
        />
      ) : (
        <TextField
          label={codeLabel}
          value={recoveryCode}
          onChange={(e) => setRecoveryCode(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={describedBy}
          required
          autoFocus
        />
      )}
      <FormMessage message={formMessage ?? (notice ? { tone: "success", text: notice } : null)} />
      {cancel ? (
        <div className="flex flex-wrap gap-3">
          {submit}
          {cancel}
        </div>
      ) : (
        submit
      )}
      {resend ? (
        <ResendCountdown
          ref={countdown}
          seconds={RESEND_COOLDOWN_SECONDS}
          resendLabel={t("emailConfirmation.resend")}
          countdownText={(time) => t("emailConfirmation.resendIn", { time })}
          startAnnouncement={(seconds) => t("emailConfirmation.resendAvailableIn", { seconds })}
          readyAnnouncement={t("emailConfirmation.resendAvailable")}
          resending={resending}
          onResend={() => void sendAgain(resend)}
        />
      ) : null}
      {footer}
    </form>
  );
}
