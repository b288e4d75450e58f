import { CODE_LENGTH, RESEND_COOLDOWN_SECONDS } from "@veil/contracts";
import {
  Button,
  linkVariants,
  OtpInput,
  type OtpInputHandle,
  ResendCountdown,
  type ResendCountdownHandle,
} from "@veil/ui";
import { type FormEvent, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { useAuth } from "../../auth/auth-provider.js";
import { storedEmail } from "../../auth/local-store.js";
import { registerProductUser } from "../../auth/product-account.js";
import { rateLimitMessage } from "../../auth/rate-limit-wait.js";
import { verifyErrorKey } from "../../auth/verify-errors.js";
import { FormMessage } from "../../components/form-message.js";
import { codeSchema } from "../../forms/schemas.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../routes/paths.js";
import { usePageMeta } from "../../seo/use-page-meta.js";
import { AuthCard } from "./auth-card.js";
import { useSubmitMessage } from "./use-submit-message.js";

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
  const otp = useRef<OtpInputHandle>(null);
  const countdown = useRef<ResendCountdownHandle>(null);
  const [code, setCode] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const notice = (location.state as { notice?: MessageKey } | null)?.notice;
  const { formMessage, showError, showSuccess, clear } = useSubmitMessage();
  const initialMessage = !formMessage && notice ? { tone: "success" as const, text: t(notice) } : null;
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

  function restartEntry() {
    setCode("");
    otp.current?.clear();
    countdown.current?.restart();
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!codeSchema.safeParse(code).success || submitting) return;
    setSubmitting(true);
    clear();
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
        showError({ key: verifyErrorKey(error) });
        restartEntry();
        return;
      }
      if (mode === "recovery") {
        // The original spec hands the access token over in the query; it is kept out of the URL on
        // purpose (history, referrers, shared links). The reset screen works from the session the
        // auth client now holds. See docs/product.md §10.1.
        const query = new URLSearchParams({ email });
        navigate(`${PATHS.resetPassword}?${query}`, { replace: true });
        return;
      }
      try {
        await registerProductUser(email);
      } catch (registrationFailure) {
        console.error("Product registration failed", registrationFailure);
        showError({ key: "registrationError" });
        return;
      }
      storedEmail.set(email);
      navigate(PATHS.account.profile);
    } catch (failure) {
      console.error("Code verification failed", failure);
      if (mode === "recovery") setRecovering(false);
      showError({ key: "emailConfirmation.unexpectedError" });
      restartEntry();
    } finally {
      setSubmitting(false);
    }
  }

  async function resend() {
    setResending(true);
    clear();
    try {
      const client = await getClient();
      const { error } =
        mode === "signup"
          ? await client.auth.resend({ type: "signup", email })
          : await client.auth.resetPasswordForEmail(email);
      if (error) {
        showError(rateLimitMessage(error) ?? { key: "emailConfirmation.error" });
        return;
      }
      showSuccess({ key: "emailConfirmation.codeSentAgain" });
      restartEntry();
    } catch (failure) {
      console.error("Resend failed", failure);
      showError({ key: "emailConfirmation.error" });
    } finally {
      setResending(false);
    }
  }

  const complete = code.length === CODE_LENGTH;
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
      <form noValidate onSubmit={verify} className="flex flex-col gap-5">
        <OtpInput
          ref={otp}
          label={t("emailConfirmation.codeLabel")}
          value={code}
          onValueChange={setCode}
          invalid={formMessage?.tone === "error"}
          autoFocus
        />
        <FormMessage message={formMessage ?? initialMessage} />
        <Button type="submit" size="lg" disabled={!complete} loading={submitting}>
          {t("emailConfirmation.confirm")}
        </Button>
        <ResendCountdown
          ref={countdown}
          seconds={RESEND_COOLDOWN_SECONDS}
          resendLabel={t("emailConfirmation.resend")}
          countdownText={(time) => t("emailConfirmation.resendIn", { time })}
          startAnnouncement={(seconds) => t("emailConfirmation.resendAvailableIn", { seconds })}
          readyAnnouncement={t("emailConfirmation.resendAvailable")}
          resending={resending}
          onResend={() => void resend()}
        />
      </form>
    </AuthCard>
  );
}
