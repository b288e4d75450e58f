import { CodeConfirmation } from "./code-confirmation.js";

/** /emailconfirmation?email=…: the code mailed after registration. */
export function SignupConfirmationPage() {
  return <CodeConfirmation mode="signup" />;
}
