import { Button } from "@veil/ui";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { useAuth } from "../../auth/auth-provider.js";
import { FormMessage } from "../../components/form-message.js";
import { NewPasswordForm } from "../../components/new-password-form.js";
import { SecondFactorStep } from "../../components/second-factor-step.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { usePageMeta } from "../../seo/use-page-meta.js";
import { AuthCard } from "./auth-card.js";

/**
 * /resetpassword?email (docs/product.md §4.4): reached with replace after the recovery code. The session is
 * held by the auth client, which is what this screen reads; the code screen does not put the
 * access token in the URL (docs/product.md §10.1). A link that still carries one (an older build, a
 * hand-made URL) has it dropped from the address bar at once, so it does not linger in history or
 * get shared with a copied link.
 */
export function ResetPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { loading, session, setRecovering, needsSecondFactor } = useAuth();
  usePageMeta({ title: t("resetPassword.meta.title"), noIndex: true });

  useEffect(() => {
    if (!params.has("access_token")) return;
    const next = new URLSearchParams(params);
    next.delete("access_token");
    setParams(next, { replace: true });
  }, [params, setParams]);

  if (loading) return null;
  if (!session) {
    return (
      <AuthCard title={t("resetPassword.title")}>
        <FormMessage message={{ tone: "error", text: t("resetPassword.sessionMissing") }} />
        <Button asChild className="mt-5">
          <Link to={PATHS.forgotPassword}>{t("resetPassword.requestNewCode")}</Link>
        </Button>
      </AuthCard>
    );
  }
  // Two-factor sign-in (docs/product.md §11.4): the mailed code proves the mailbox, not the
  // authenticator; the server sets a new password only once the session has both.
  if (needsSecondFactor) {
    return (
      <AuthCard title={t("twoFactor.signIn.title")} subtitle={params.get("email") ?? undefined}>
        <SecondFactorStep />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("resetPassword.title")} subtitle={params.get("email") ?? undefined}>
      <NewPasswordForm
        onUpdated={() => {
          // Recovery ends with the new password: the user is now fully signed in.
          setRecovering(false);
          navigate(PATHS.account.profile, {
            replace: true,
            state: { notice: "resetPassword.success" satisfies MessageKey },
          });
        }}
      />
    </AuthCard>
  );
}
