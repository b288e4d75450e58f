import { zodResolver } from "@hookform/resolvers/zod";
import { EmailField, linkVariants, PasswordField } from "@veil/ui";
import type { ReactNode } from "react";
import { type DefaultValues, type FieldErrors, type Path, type UseFormRegister, useForm } from "react-hook-form";
import { Link, Navigate } from "react-router-dom";
import type { ZodType } from "zod";
import type { UserMessage } from "../../api/errors.js";
import { useAuth } from "../../auth/auth-provider.js";
import { accountExists, accountLookupErrorMessage } from "../../auth/product-account.js";
import { FormMessage } from "../../components/form-message.js";
import { SubmitButton } from "../../components/submit-button.js";
import { useSubmitMessage } from "../../components/use-submit-message.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { usePageMeta } from "../../seo/use-page-meta.js";
import { AuthCard } from "./auth-card.js";

type Credentials = { email: string; password: string };

/** What the fields after the password get to register themselves. */
export interface CredentialsFields<F extends Credentials> {
  register: UseFormRegister<F>;
  errors: FieldErrors<F>;
  fieldError: (key?: string) => string | undefined;
  passwordLabels: { showPasswordLabel: string; hidePasswordLabel: string };
}

/**
 * What login and registration share (docs/product.md §4.2, §4.3): the page's meta, a signed-in
 * visitor sent to the profile, the card with its "No account? / Have an account?" link, the
 * e-mail and password fields checked by the screen's schema, the account lookup first (login needs
 * an existing account, registration a new address; a failed lookup says why), any other failure
 * as "unknown error", the outcome line and the submit button.
 */
export function CredentialsScreen<F extends Credentials>({
  screen,
  account,
  schema,
  defaultValues,
  switchTo,
  onSubmit,
  extraFields,
  instead,
}: {
  screen: "loginScreen" | "registerScreen";
  /** Login needs an existing account; registration a new address. */
  account: "existing" | "new";
  schema: ZodType<F, F>;
  defaultValues: DefaultValues<F>;
  /** The card's footer: the question and the link to the other screen. */
  switchTo: { question: MessageKey; link: MessageKey; to: string };
  /** Called once the lookup agreed; returns the error to show, or nothing when done. */
  onSubmit: (values: F) => Promise<UserMessage | undefined>;
  /** Below the password field (login: the forgotten-password link; registration: the repeat). */
  extraFields: (fields: CredentialsFields<F>) => ReactNode;
  /** Shown in place of the form, which keeps what was typed (login: the second-factor step). */
  instead?: ReactNode;
}) {
  const t = useT();
  const { signedIn } = useAuth();
  const { formMessage, showError, clearOnSubmit } = useSubmitMessage();
  usePageMeta({ title: t(`${screen}.meta.title`), description: t(`${screen}.meta.description`), noIndex: true });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<F>({
    resolver: zodResolver(schema),
    defaultValues,
  });

  if (signedIn) return <Navigate to={PATHS.account.profile} replace />;
  if (instead) return instead;

  async function submit(values: F) {
    try {
      if ((await accountExists(values.email)) !== (account === "existing")) {
        return showError({ key: account === "existing" ? "loginScreen.accountNotFound" : "emailExists" });
      }
    } catch (error) {
      return showError(accountLookupErrorMessage(error));
    }
    let problem: UserMessage | undefined;
    try {
      problem = await onSubmit(values);
    } catch (error) {
      console.error(account === "existing" ? "Login failed" : "Sign-up failed", error);
      problem = { key: "common.unknownError" };
    }
    if (problem) showError(problem);
  }

  const fieldError = (key?: string) => (key ? t(key as MessageKey) : undefined);
  // react-hook-form cannot resolve paths of a generic F, hence the casts: both fields are in Credentials.
  const passwordLabels = { showPasswordLabel: t("common.showPassword"), hidePasswordLabel: t("common.hidePassword") };
  return (
    <AuthCard
      title={t(`${screen}.title`)}
      subtitle={t(`${screen}.subtitle`)}
      footer={
        <>
          {t(switchTo.question)}{" "}
          <Link to={switchTo.to} className={linkVariants({ variant: "standalone" })}>
            {t(switchTo.link)}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={clearOnSubmit(handleSubmit(submit))} className="flex flex-col gap-5">
        <EmailField
          label={t("common.emailLabel")}
          error={fieldError(errors.email?.message as string | undefined)}
          required
          {...register("email" as Path<F>)}
        />
        <PasswordField
          label={t("common.passwordLabel")}
          error={fieldError(errors.password?.message as string | undefined)}
          autoComplete={account === "existing" ? "current-password" : "new-password"}
          required
          {...passwordLabels}
          {...register("password" as Path<F>)}
        />
        {extraFields({ register, errors, fieldError, passwordLabels })}
        <FormMessage message={formMessage} />
        <SubmitButton loading={isSubmitting}>{t(`${screen}.submit`)}</SubmitButton>
      </form>
    </AuthCard>
  );
}
