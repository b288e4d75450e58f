import { zodResolver } from "@hookform/resolvers/zod";
import { Button, PasswordField } from "@veil/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useAuth } from "../auth/auth-provider.js";
import { identityErrorMessage } from "../auth/identity-errors.js";
import { newPasswordSchema, type NewPasswordForm as Values } from "../forms/schemas.js";
import type { MessageKey } from "../i18n/catalogues.js";
import { useT } from "../i18n/use-t.js";
import { FormMessage } from "./form-message.js";
import { ReauthenticationStep } from "./reauthentication-step.js";
import { useSubmitMessage } from "./use-submit-message.js";

/**
 * New password + repeat (docs/product.md §2.10, §5.4): used after recovery and from the account's change-password
 * screen. A failure shows the identity provider's message (e.g. why a password is too weak).
 * When the server wants the change confirmed with a mailed code (a session signed in long ago:
 * `reauthentication_needed`), a code is requested and the code step takes over; otherwise the
 * screen stays the spec's two fields.
 */
export function NewPasswordForm({ onUpdated }: { onUpdated: () => void }) {
  const t = useT();
  const { getClient } = useAuth();
  const { formMessage, showError, showSuccess, clearOnSubmit } = useSubmitMessage();
  /** The new password waiting for the mailed code; null while on the password fields. */
  const [awaitingCode, setAwaitingCode] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: "", repeatPassword: "" },
  });

  async function submit({ password }: Values) {
    try {
      const client = await getClient();
      const { error } = await client.auth.updateUser({ password });
      if (error?.code === "reauthentication_needed") {
        const sent = await client.auth.reauthenticate();
        // 429: a code was mailed moments ago and is still valid, so the code step is right anyway.
        if (sent.error && sent.error.status !== 429) return showError({ key: "reauthentication.sendFailed" });
        return setAwaitingCode(password);
      }
      if (error) return showError(identityErrorMessage(error));
    } catch (error) {
      console.error("Password update failed", error);
      return showError({ key: "common.unknownError" });
    }
    showSuccess({ key: "resetPassword.success" });
    onUpdated();
  }

  if (awaitingCode !== null) {
    return <ReauthenticationStep password={awaitingCode} onUpdated={onUpdated} onBack={() => setAwaitingCode(null)} />;
  }

  const fieldError = (key?: string) => (key ? t(key as MessageKey) : undefined);
  const labels = { showPasswordLabel: t("common.showPassword"), hidePasswordLabel: t("common.hidePassword") };
  return (
    <form noValidate onSubmit={clearOnSubmit(handleSubmit(submit))} className="flex flex-col gap-5">
      <PasswordField
        label={t("resetPassword.newPassword")}
        error={fieldError(errors.password?.message)}
        autoComplete="new-password"
        required
        {...labels}
        {...register("password")}
      />
      <PasswordField
        label={t("resetPassword.repeatPassword")}
        error={fieldError(errors.repeatPassword?.message)}
        autoComplete="new-password"
        required
        {...labels}
        {...register("repeatPassword")}
      />
      <FormMessage message={formMessage} />
      <Button type="submit" size="lg" loading={isSubmitting}>
        {t("resetPassword.submit")}
      </Button>
    </form>
  );
}
