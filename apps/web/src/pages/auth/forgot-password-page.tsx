import { zodResolver } from "@hookform/resolvers/zod";
import { EmailField, linkVariants } from "@veil/ui";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";
import { useAuth } from "../../auth/auth-provider.js";
import { accountExists, accountLookupErrorMessage } from "../../auth/product-account.js";
import { rateLimitMessage } from "../../auth/rate-limit-wait.js";
import { FormMessage } from "../../components/form-message.js";
import { SubmitButton } from "../../components/submit-button.js";
import { useSubmitMessage } from "../../components/use-submit-message.js";
import { type ForgotPasswordForm, forgotPasswordSchema } from "../../forms/schemas.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { usePageMeta } from "../../seo/use-page-meta.js";
import { AuthCard } from "./auth-card.js";

/** Forgot password (docs/product.md §4.4): the account must exist; a recovery code is mailed; enter it next. */
export function ForgotPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const { getClient } = useAuth();
  const { formMessage, showError, clearOnSubmit } = useSubmitMessage();
  usePageMeta({
    title: t("forgotPassword.meta.title"),
    description: t("forgotPassword.meta.description"),
    noIndex: true,
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  async function submit({ email }: ForgotPasswordForm) {
    try {
      if (!(await accountExists(email))) return showError({ key: "forgotPassword.accountNotFound" });
    } catch (error) {
      return showError(accountLookupErrorMessage(error));
    }
    try {
      const client = await getClient();
      const { error } = await client.auth.resetPasswordForEmail(email);
      // A 429 that says how long to wait shows the wait (issue 13), not a bare failure.
      if (error) return showError(rateLimitMessage(error) ?? { key: "forgotPassword.sendFailed" });
    } catch (error) {
      console.error("Recovery e-mail failed", error);
      return showError({ key: "forgotPassword.sendFailed" });
    }
    // 'Code has been sent' is shown on the code screen, where the user now is.
    navigate(`${PATHS.emailConfirmationResetPass}?email=${encodeURIComponent(email)}`, {
      state: { notice: "forgotPassword.codeSent" satisfies MessageKey },
    });
  }

  return (
    <AuthCard
      title={t("forgotPassword.title")}
      subtitle={t("forgotPassword.subtitle")}
      footer={
        <Link to={PATHS.login} className={linkVariants({ variant: "standalone" })}>
          {t("forgotPassword.backToLogin")}
        </Link>
      }
    >
      <form noValidate onSubmit={clearOnSubmit(handleSubmit(submit))} className="flex flex-col gap-5">
        <EmailField
          label={t("common.emailLabel")}
          error={errors.email?.message ? t(errors.email.message as MessageKey) : undefined}
          required
          {...register("email")}
        />
        <FormMessage message={formMessage} />
        <SubmitButton loading={isSubmitting}>{t("forgotPassword.submit")}</SubmitButton>
      </form>
    </AuthCard>
  );
}
