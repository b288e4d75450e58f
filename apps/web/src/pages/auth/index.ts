/** The authentication screens: one lazy chunk. */
export { ForgotPasswordPage } from "./forgot-password-page.js";
export { LoginPage } from "./login-page.js";
export { RecoveryConfirmationPage } from "./recovery-confirmation-page.js";
export { RegisterPage } from "./register-page.js";
export { ResetPasswordPage } from "./reset-password-page.js";
export { SignupConfirmationPage } from "./signup-confirmation-page.js";
