import { PasswordField } from "@veil/ui";
import { useNavigate } from "react-router-dom";
import { useAuth } from "../../auth/auth-provider.js";
import { identityErrorMessage } from "../../auth/identity-errors.js";
import { rateLimitMessage } from "../../auth/rate-limit-wait.js";
import { type RegisterForm, registerSchema } from "../../forms/schemas.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { CredentialsScreen } from "./credentials-screen.js";

/** Registration (docs/product.md §4.3): the e-mail must be new; sign up; enter the mailed code next. */
export function RegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const { getClient } = useAuth();

  async function signUp({ email, password }: RegisterForm) {
    const client = await getClient();
    const { error } = await client.auth.signUp({ email, password });
    if (error) return rateLimitMessage(error) ?? identityErrorMessage(error);
    navigate(`${PATHS.emailConfirmation}?email=${encodeURIComponent(email)}`);
  }

  return (
    <CredentialsScreen
      screen="registerScreen"
      account="new"
      schema={registerSchema}
      defaultValues={{ email: "", password: "", repeatPassword: "" }}
      switchTo={{ question: "registerScreen.haveAccount", link: "registerScreen.login", to: PATHS.login }}
      onSubmit={signUp}
      extraFields={({ register, errors, fieldError, passwordLabels }) => (
        <PasswordField
          label={t("registerScreen.repeatPassword")}
          error={fieldError(errors.repeatPassword?.message)}
          autoComplete="new-password"
          required
          {...passwordLabels}
          {...register("repeatPassword")}
        />
      )}
    />
  );
}
