import { linkVariants } from "@veil/ui";
import { Link, useNavigate } from "react-router-dom";
import { needsSecondFactor as owesSecondFactor } from "../../auth/assurance.js";
import { useAuth } from "../../auth/auth-provider.js";
import { loginErrorMessage } from "../../auth/identity-errors.js";
import { storedEmail } from "../../auth/local-store.js";
import { SecondFactorStep } from "../../components/second-factor-step.js";
import { type LoginForm, loginSchema } from "../../forms/schemas.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { AuthCard } from "./auth-card.js";
import { CredentialsScreen } from "./credentials-screen.js";

/**
 * Login (docs/product.md §4.2): look the e-mail up, sign in with the identity provider, remember the e-mail,
 * leave recovery mode, go to the profile (which loads subscription and payments). An account with
 * two-factor sign-in then asks for the authenticator code first (§11.4); until it is given the
 * session does not count as signed in, also after a reload.
 */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const { getClient, setRecovering, needsSecondFactor } = useAuth();

  async function signIn({ email, password }: LoginForm) {
    const client = await getClient();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error) return loginErrorMessage(error);
    storedEmail.set(email);
    setRecovering(false);
    // An owed code: the code step takes over (the auth state now says a second factor is due).
    if (!owesSecondFactor(data.session)) navigate(PATHS.account.profile);
  }

  return (
    <CredentialsScreen
      screen="loginScreen"
      account="existing"
      schema={loginSchema}
      defaultValues={{ email: "", password: "" }}
      switchTo={{ question: "loginScreen.noAccount", link: "loginScreen.register", to: PATHS.register }}
      onSubmit={signIn}
      extraFields={() => (
        <Link to={PATHS.forgotPassword} className={`${linkVariants({ variant: "standalone" })} self-end text-sm`}>
          {t("loginScreen.forgotPassword")}
        </Link>
      )}
      instead={
        needsSecondFactor ? (
          <AuthCard title={t("twoFactor.signIn.title")}>
            <SecondFactorStep />
          </AuthCard>
        ) : undefined
      }
    />
  );
}
