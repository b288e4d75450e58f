import { Button } from "@veil/ui";
import type { ReactNode } from "react";
import type { UserMessage } from "../../../api/errors.js";
import { CodeStep } from "../../../components/code-step.js";
import { useT } from "../../../i18n/use-t.js";

/**
 * An authenticator-code form of the two-factor section: the code step with the section's cancel
 * button beside confirm. `onCode` returns an error to show (the boxes are cleared), or nothing
 * when the code was taken.
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
  return (
    <CodeStep
      intro={intro}
      codeLabel={codeLabel ?? t("twoFactor.signIn.codeLabel")}
      confirmLabel={confirmLabel}
      onCode={onCode}
      cancel={
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("twoFactor.cancel")}
        </Button>
      }
    >
      {children}
    </CodeStep>
  );
}
