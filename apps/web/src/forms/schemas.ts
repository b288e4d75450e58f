import { CODE_LENGTH, emailSchema } from "@veil/contracts";
import { z } from "zod";
import type { MessageKey } from "../i18n/catalogues.js";

/**
 * Form schemas of docs/product.md §5. Issue messages are catalogue keys (the form translates them), so the
 * wording lives once, in en.json/ru.json. E-mail inputs are trimmed before anything else.
 */

const trimmed = z.string().trim();
const password = z.string(); // no client-side bound (docs/product.md §5.6): the identity service judges strength

const isEmail = (value: string) => emailSchema.safeParse(value).success;

/** Adds `message` on every listed field that is empty. Returns whether any was. */
function requireAll<T extends Record<string, string>>(
  values: T,
  fields: readonly (keyof T & string)[],
  message: MessageKey,
  ctx: z.RefinementCtx,
): boolean {
  let missing = false;
  for (const field of fields) {
    if (values[field] === "") {
      missing = true;
      ctx.addIssue({ code: "custom", path: [field], message });
    }
  }
  return missing;
}

export const loginSchema = z.object({ email: trimmed, password }).superRefine((v, ctx) => {
  if (requireAll(v, ["email", "password"], "loginScreen.fillAllFields", ctx)) return;
  if (!isEmail(v.email)) ctx.addIssue({ code: "custom", path: ["email"], message: "loginScreen.invalidEmail" });
});
export type LoginForm = z.infer<typeof loginSchema>;

export const registerSchema = z.object({ email: trimmed, password, repeatPassword: password }).superRefine((v, ctx) => {
  if (requireAll(v, ["email", "password", "repeatPassword"], "registerScreen.errors.allRequired", ctx)) return;
  if (!isEmail(v.email)) ctx.addIssue({ code: "custom", path: ["email"], message: "loginScreen.invalidEmail" });
  if (v.password !== v.repeatPassword) {
    ctx.addIssue({ code: "custom", path: ["repeatPassword"], message: "registerScreen.errors.passwordMismatch" });
  }
});
export type RegisterForm = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: trimmed }).superRefine((v, ctx) => {
  if (requireAll(v, ["email"], "forgotPassword.emailRequired", ctx)) return;
  if (!isEmail(v.email)) ctx.addIssue({ code: "custom", path: ["email"], message: "loginScreen.invalidEmail" });
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

export const newPasswordSchema = z.object({ password, repeatPassword: password }).superRefine((v, ctx) => {
  if (requireAll(v, ["password", "repeatPassword"], "resetPassword.fillAll", ctx)) return;
  if (v.password !== v.repeatPassword) {
    ctx.addIssue({ code: "custom", path: ["repeatPassword"], message: "resetPassword.mismatch" });
  }
});
export type NewPasswordForm = z.infer<typeof newPasswordSchema>;

/** Exactly six single digits (docs/product.md §5.5). Typing and paste rules live in @veil/ui's OtpInput. */
export const codeSchema = z.string().regex(new RegExp(`^\\d{${CODE_LENGTH}}$`));

/** The contact form has no client checks (docs/product.md §5.6); values are only trimmed. */
export const contactSchema = z.object({ name: trimmed, email: trimmed, message: trimmed });
export type ContactForm = z.infer<typeof contactSchema>;

export const deleteAccountSchema = z.object({ password }).superRefine((v, ctx) => {
  requireAll(v, ["password"], "resetPassword.fillAll", ctx);
});
export type DeleteAccountForm = z.infer<typeof deleteAccountSchema>;
