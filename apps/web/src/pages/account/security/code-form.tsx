import { CODE_LENGTH } from "@veil/contracts";
import { Button, OtpInput, type OtpInputHandle } from "@veil/ui";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import type { UserMessage } from "../../../api/errors.js";
import { FormMessage } from "../../../components/form-message.js";
import { useT } from "../../../i18n/use-t.js";
import { useSubmitMessage } from "../../auth/use-submit-message.js";

/**
 * For the section's buttons with long labels ("Получить новые резервные коды" is wider than a
 * 320 px card): they wrap onto a second line instead of sticking out; one line looks as before.
 */
export const WRAPS = "h-auto min-h-11 max-w-full whitespace-normal py-2.5 text-center";

/**
 * An authenticator-code form of the two-factor section: the intro, the six boxes, the outcome line
 * and a confirm and a cancel button. `onCode` returns an error to show (the boxes are cleared), or
 * nothing when the code was taken.
 */
export function CodeForm({
  intro,
  confirmLabel,
  onCode,
  onCancel,
  codeLabel,
  children,
}: {
  intro: string;
  /** The field's label; "Code from the app" unless the code comes by e-mail. */
  codeLabel?: string;
  confirmLabel: string;
  onCode: (code: string) => Promise<UserMessage | null>;
  onCancel: () => void;
  /** Shown above the intro (the QR code while setting up). */
  children?: ReactNode;
}) {
  const t = useT();
  const introId = useId();
  const otp = useRef<OtpInputHandle>(null);
  const [code, setCode] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const { formMessage, showError, clear } = useSubmitMessage();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH || submitting) return;
    setSubmitting(true);
    clear();
    let problem: UserMessage | null;
    try {
      problem = await onCode(code);
    } catch (failure) {
      console.error("Two-factor step failed", failure);
      problem = { key: "common.unknownError" };
    }
    setSubmitting(false);
    if (problem) {
      showError(problem);
      setCode("");
      otp.current?.clear();
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {children}
      <p id={introId} className="text-text-muted">
        {intro}
      </p>
      <OtpInput
        ref={otp}
        label={codeLabel ?? t("twoFactor.signIn.codeLabel")}
        value={code}
        onValueChange={setCode}
        invalid={formMessage?.tone === "error"}
        aria-describedby={introId}
        autoFocus
      />
      <FormMessage message={formMessage} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" className={WRAPS} disabled={code.length !== CODE_LENGTH} loading={submitting}>
          {confirmLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("twoFactor.cancel")}
        </Button>
      </div>
    </form>
  );
}
