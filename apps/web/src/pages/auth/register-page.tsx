import { zodResolver } from "@hookform/resolvers/zod";
import { EmailField, linkVariants, PasswordField } from "@veil/ui";
import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { useAuth } from "../../auth/auth-provider.js";
import { identityErrorMessage } from "../../auth/identity-errors.js";
import { accountExists, accountLookupErrorMessage } from "../../auth/product-account.js";
import { rateLimitMessage } from "../../auth/rate-limit-wait.js";
import { FormMessage } from "../../components/form-message.js";
import { SubmitButton } from "../../components/submit-button.js";
import { type RegisterForm, registerSchema } from "../../forms/schemas.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../routes/paths.js";
import { usePageMeta } from "../../seo/use-page-meta.js";
import { AuthCard } from "./auth-card.js";
import { useSubmitMessage } from "./use-submit-message.js";

/** Registration (docs/product.md §4.3): the e-mail must be new; sign up; enter the mailed code next. */
export function RegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const { signedIn, getClient } = useAuth();
  const { formMessage, showError, clearOnSubmit } = useSubmitMessage();
  usePageMeta({
    title: t("registerScreen.meta.title"),
    description: t("registerScreen.meta.description"),
    noIndex: true,
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: "", password: "", repeatPassword: "" },
  });

  if (signedIn) return <Navigate to={PATHS.account.profile} replace />;

  async function submit({ email, password }: RegisterForm) {
    try {
      if (await accountExists(email)) return showError({ key: "emailExists" });
    } catch (error) {
      return showError(accountLookupErrorMessage(error));
    }
    try {
      const client = await getClient();
      const { error } = await client.auth.signUp({ email, password });
      if (error) return showError(rateLimitMessage(error) ?? identityErrorMessage(error));
    } catch (error) {
      console.error("Sign-up failed", error);
      return showError({ key: "common.unknownError" });
    }
    navigate(`${PATHS.emailConfirmation}?email=${encodeURIComponent(email)}`);
  }

  const fieldError = (key?: string) => (key ? t(key as MessageKey) : undefined);
  const passwordLabels = { showPasswordLabel: t("common.showPassword"), hidePasswordLabel: t("common.hidePassword") };
  return (
    <AuthCard
      title={t("registerScreen.title")}
      subtitle={t("registerScreen.subtitle")}
      footer={
        <>
          {t("registerScreen.haveAccount")}{" "}
          <Link to={PATHS.login} className={linkVariants({ variant: "standalone" })}>
            {t("registerScreen.login")}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={clearOnSubmit(handleSubmit(submit))} className="flex flex-col gap-5">
        <EmailField
          label={t("common.emailLabel")}
          error={fieldError(errors.email?.message)}
          required
          {...register("email")}
        />
        <PasswordField
          label={t("common.passwordLabel")}
          error={fieldError(errors.password?.message)}
          autoComplete="new-password"
          required
          {...passwordLabels}
          {...register("password")}
        />
        <PasswordField
          label={t("registerScreen.repeatPassword")}
          error={fieldError(errors.repeatPassword?.message)}
          autoComplete="new-password"
          required
          {...passwordLabels}
          {...register("repeatPassword")}
        />
        <FormMessage message={formMessage} />
        <SubmitButton loading={isSubmitting}>{t("registerScreen.submit")}</SubmitButton>
      </form>
    </AuthCard>
  );
}
