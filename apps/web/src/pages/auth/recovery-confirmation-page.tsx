import { CodeConfirmation } from "./code-confirmation.js";

/** /emailconfirmation_reset_pass?email=…: the password-recovery code. */
export function RecoveryConfirmationPage() {
  return <CodeConfirmation mode="recovery" />;
}
