import { zodResolver } from "@hookform/resolvers/zod";
import { API_ROUTES } from "@veil/contracts/constants";
import {
  Button,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
  PasswordField,
} from "@veil/ui";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { anyReply, api } from "../../api/client.js";
import { ApiError, messageForError } from "../../api/errors.js";
import { useAuth } from "../../auth/auth-provider.js";
import { FormMessage } from "../../components/form-message.js";
import { useSubmitMessage } from "../../components/use-submit-message.js";
import { type DeleteAccountForm, deleteAccountSchema } from "../../forms/schemas.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { AccountSection } from "./account-section.js";

/**
 * Delete account. The spec shows only a button; here it is real: a dialog asks for the password,
 * the server erases the identity and personal data and ends every session (payment records stay,
 * anonymised), and the user lands on /home signed out with a confirmation.
 */
export function DeleteAccountPage() {
  const t = useT();
  const { signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const { formMessage, showError, clear, clearOnSubmit } = useSubmitMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountForm>({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: "" } });

  async function confirm({ password }: DeleteAccountForm) {
    try {
      await api(API_ROUTES.deleteAccount, { password }, { schema: anyReply });
    } catch (error) {
      // The server answers a wrong password with 400 and code wrong_password; shown in the user's language.
      const wrongPassword = error instanceof ApiError && (error.status === 403 || error.code === "wrong_password");
      if (wrongPassword) {
        return showError({ key: "deleteAccount.wrongPassword" });
      }
      return showError(messageForError(error));
    }
    // The server has already ended every session; this clears what the browser holds.
    await signOut({ to: PATHS.home, state: { notice: "deleteAccount.done" satisfies MessageKey } });
  }

  return (
    <AccountSection title={t("deleteAccount.title")}>
      <p className="text-text-muted">{t("deleteAccount.body")}</p>
      <Button variant="danger" className="mt-6" onClick={() => setOpen(true)}>
        {t("deleteAccount.button")}
      </Button>
      <DialogRoot
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            reset();
            clear();
          }
        }}
      >
        <DialogContent closeLabel={t("common.close")}>
          <DialogHeader tone="danger" icon={<TriangleAlert aria-hidden="true" />}>
            <DialogTitle>{t("deleteAccount.confirmTitle")}</DialogTitle>
            <DialogDescription>{t("deleteAccount.confirmBody")}</DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={clearOnSubmit(handleSubmit(confirm))} className="mt-4 flex flex-col gap-4">
            <PasswordField
              label={t("common.passwordLabel")}
              error={errors.password?.message ? t(errors.password.message as MessageKey) : undefined}
              showPasswordLabel={t("common.showPassword")}
              hidePasswordLabel={t("common.hidePassword")}
              autoComplete="current-password"
              required
              {...register("password")}
            />
            <FormMessage message={formMessage} />
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t("deleteAccount.cancel")}
              </Button>
              <Button type="submit" variant="danger" loading={isSubmitting}>
                {t("deleteAccount.confirm")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </DialogRoot>
    </AccountSection>
  );
}
