import { Button, linkVariants } from "@veil/ui";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import type { UserMessage } from "../../api/errors.js";
import { useAuth } from "../../auth/auth-provider.js";
import { storedEmail } from "../../auth/local-store.js";
import { registerProductUser } from "../../auth/product-account.js";
import { rateLimitMessage } from "../../auth/rate-limit-wait.js";
import { verifyErrorKey } from "../../auth/verify-errors.js";
import { CodeStep, type CodeVerdict } from "../../components/code-step.js";
import { FormMessage } from "../../components/form-message.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { usePageMeta } from "../../seo/use-page-meta.js";
import { AuthCard } from "./auth-card.js";

export type CodeMode = "signup" | "recovery";

/**
 * The two code screens (docs/product.md §2.8, §4.8, §5.5): six digit boxes, confirm enabled only with all six, a
 * 30-second resend countdown. A failed code or a resend clears the boxes, focuses the first one
 * and restarts the countdown.
 */
export function CodeConfirmation({ mode }: { mode: CodeMode }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const email = (params.get("email") ?? "").trim();
  const { getClient, setRecovering } = useAuth();
  const notice = (location.state as { notice?: MessageKey } | null)?.notice;
  usePageMeta({ title: t("emailConfirmation.meta.title"), noIndex: true });

  const title = t(mode === "signup" ? "emailConfirmation.title" : "emailConfirmation.resetTitle");
  const startPath = mode === "signup" ? PATHS.register : PATHS.forgotPassword;

  if (!email) {
    return (
      <AuthCard title={title}>
        <FormMessage message={{ tone: "error", text: t("emailConfirmation.missingEmail") }} />
        <Button asChild className="mt-5">
          <Link to={startPath}>{t("emailConfirmation.backToStart")}</Link>
        </Button>
      </AuthCard>
    );
  }

  async function verify(code: string): Promise<CodeVerdict> {
    try {
      const client = await getClient();
      // In recovery the user must not count as signed in for a moment between the session arriving
      // and the flag being set, so the flag goes up first and comes down again on failure.
      if (mode === "recovery") setRecovering(true);
      const { data, error } = await client.auth.verifyOtp({
        email,
        token: code,
        type: mode === "signup" ? "email" : "recovery",
      });
      const accessToken = data.session?.access_token;
      if (error || !accessToken) {
        if (mode === "recovery") setRecovering(false);
        return { key: verifyErrorKey(error) };
      }
      if (mode === "recovery") {
        // The original spec hands the access token over in the query; it is kept out of the URL on
        // purpose (history, referrers, shared links). The reset screen works from the session the
        // auth client now holds. See docs/product.md §10.1.
        const query = new URLSearchParams({ email });
        navigate(`${PATHS.resetPassword}?${query}`, { replace: true });
        return null;
      }
      try {
        await registerProductUser(email);
      } catch (registrationFailure) {
        console.error("Product registration failed", registrationFailure);
        return { message: { key: "registrationError" }, keepCode: true };
      }
      storedEmail.set(email);
      // The address was signed up more than once with different passwords, so the code confirmed
      // it without keeping one (server: auth/verify.ts): she sets hers now, told why.
      if (data.user?.app_metadata?.password_missing === true) {
        navigate(PATHS.account.changePasswordReset, {
          state: { notice: "emailConfirmation.passwordNotKept" satisfies MessageKey },
        });
        return null;
      }
      navigate(PATHS.account.profile);
      return null;
    } catch (failure) {
      console.error("Code verification failed", failure);
      if (mode === "recovery") setRecovering(false);
      return { key: "emailConfirmation.unexpectedError" };
    }
  }

  async function resend(): Promise<UserMessage | null> {
    const client = await getClient();
    const { error } =
      mode === "signup"
        ? await client.auth.resend({ type: "signup", email })
        : await client.auth.resetPasswordForEmail(email);
    return error ? (rateLimitMessage(error) ?? { key: "emailConfirmation.error" }) : null;
  }

  return (
    <AuthCard
      title={title}
      subtitle={t("emailConfirmation.subtitle", { email })}
      footer={
        <Link to={startPath} className={linkVariants({ variant: "standalone" })}>
          {t("emailConfirmation.backToStart")}
        </Link>
      }
    >
      <CodeStep
        codeLabel={t("emailConfirmation.codeLabel")}
        confirmLabel={t("emailConfirmation.confirm")}
        onCode={verify}
        notice={notice ? t(notice) : undefined}
        resend={{ send: resend, failed: { key: "emailConfirmation.error" }, restartOnWrongCode: true }}
      />
    </AuthCard>
  );
}
