export { PasswordField, type PasswordFieldProps, passwordToggleVariants } from "./password-field.js";
