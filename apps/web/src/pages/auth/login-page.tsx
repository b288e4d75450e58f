import { zodResolver } from "@hookform/resolvers/zod";
import { EmailField, linkVariants, PasswordField } from "@veil/ui";
import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { needsSecondFactor as owesSecondFactor } from "../../auth/assurance.js";
import { useAuth } from "../../auth/auth-provider.js";
import { loginErrorMessage } from "../../auth/identity-errors.js";
import { storedEmail } from "../../auth/local-store.js";
import { accountExists, accountLookupErrorMessage } from "../../auth/product-account.js";
import { FormMessage } from "../../components/form-message.js";
import { SecondFactorStep } from "../../components/second-factor-step.js";
import { SubmitButton } from "../../components/submit-button.js";
import { type LoginForm, loginSchema } from "../../forms/schemas.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../routes/paths.js";
import { usePageMeta } from "../../seo/use-page-meta.js";
import { AuthCard } from "./auth-card.js";
import { useSubmitMessage } from "./use-submit-message.js";

/**
 * Login (docs/product.md §4.2): look the e-mail up, sign in with the identity provider, remember the e-mail,
 * leave recovery mode, go to the profile (which loads subscription and payments). An account with
 * two-factor sign-in then asks for the authenticator code first (§11.4); until it is given the
 * session does not count as signed in, also after a reload.
 */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const { signedIn, getClient, setRecovering, needsSecondFactor } = useAuth();
  const { formMessage, showError, clearOnSubmit } = useSubmitMessage();
  usePageMeta({ title: t("loginScreen.meta.title"), description: t("loginScreen.meta.description"), noIndex: true });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });

  if (signedIn) return <Navigate to={PATHS.account.profile} replace />;
  if (needsSecondFactor) {
    return (
      <AuthCard title={t("twoFactor.signIn.title")}>
        <SecondFactorStep />
      </AuthCard>
    );
  }

  async function submit({ email, password }: LoginForm) {
    try {
      if (!(await accountExists(email))) return showError({ key: "loginScreen.accountNotFound" });
    } catch (error) {
      return showError(accountLookupErrorMessage(error));
    }
    try {
      const client = await getClient();
      const { data, error } = await client.auth.signInWithPassword({ email, password });
      if (error) return showError(loginErrorMessage(error));
      // The code step takes over (the auth state now says a second factor is due).
      if (owesSecondFactor(data.session)) {
        storedEmail.set(email);
        setRecovering(false);
        return;
      }
    } catch (error) {
      console.error("Login failed", error);
      return showError({ key: "common.unknownError" });
    }
    storedEmail.set(email);
    setRecovering(false);
    navigate(PATHS.account.profile);
  }

  const fieldError = (key?: string) => (key ? t(key as MessageKey) : undefined);
  return (
    <AuthCard
      title={t("loginScreen.title")}
      subtitle={t("loginScreen.subtitle")}
      footer={
        <>
          {t("loginScreen.noAccount")}{" "}
          <Link to={PATHS.register} className={linkVariants({ variant: "standalone" })}>
            {t("loginScreen.register")}
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
          showPasswordLabel={t("common.showPassword")}
          hidePasswordLabel={t("common.hidePassword")}
          autoComplete="current-password"
          required
          {...register("password")}
        />
        <Link to={PATHS.forgotPassword} className={`${linkVariants({ variant: "standalone" })} self-end text-sm`}>
          {t("loginScreen.forgotPassword")}
        </Link>
        <FormMessage message={formMessage} />
        <SubmitButton loading={isSubmitting}>{t("loginScreen.submit")}</SubmitButton>
      </form>
    </AuthCard>
  );
}
