import type { SupabaseClient } from "@supabase/supabase-js";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, CopyButton } from "@veil/ui";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { UserMessage } from "../../../api/errors.js";
import { codeErrorMessage } from "../../../auth/assurance.js";
import { useAuth } from "../../../auth/auth-provider.js";
import { identityErrorMessage } from "../../../auth/identity-errors.js";
import { WRAPS } from "../../../components/button-wraps.js";
import { FormMessage } from "../../../components/form-message.js";
import { useMessageText } from "../../../i18n/use-message.js";
import { useT } from "../../../i18n/use-t.js";
import { CodeForm } from "./code-form.js";
import { MONO, RecoveryCodesList } from "./recovery-codes-list.js";

type View =
  | { kind: "loading" }
  | { kind: "error" }
  | { kind: "off" }
  | { kind: "reauthenticating" }
  | { kind: "setup"; factorId: string; qr: string; secret: string; uri: string | null }
  | { kind: "codes"; factorId: string; codes: string[] }
  | { kind: "on"; factorId: string }
  | { kind: "disabling"; factorId: string }
  | { kind: "renewing"; factorId: string };

type Notice = { tone: "success" | "error"; message: UserMessage } | null;

/** auth-js hands the QR code over as an unencoded data: URI; encoded, every browser reads it. */
function qrSource(dataUri: string): string {
  const comma = dataUri.indexOf(",");
  return `data:image/svg+xml,${encodeURIComponent(dataUri.slice(comma + 1))}`;
}

/** "JBSWY3DPEHPK3PXP…" in groups of four, as authenticator apps show keys. */
const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The server's otpauth:// link, for an authenticator on the phone showing the QR code; nothing else is a link. */
const otpauthLink = (uri: string | undefined) => (uri?.startsWith("otpauth://totp/") ? uri : null);

/** The user's current TOTP factors from the server (listFactors reads GET /user). */
async function totpFactors(client: SupabaseClient) {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw error;
  return data.all.filter((f) => f.factor_type === "totp");
}

/**
 * Two-factor sign-in on the Security screen (docs/product.md §11.4). Turning it on shows the QR code
 * and the key as text (for screen readers and for entering by hand), confirms with a code from the
 * app and then shows the recovery codes once. Turning it off needs a code too. Everything goes
 * through the unmodified supabase-js `auth.mfa` API.
 */
export function TwoFactorSection() {
  const t = useT();
  const messageText = useMessageText();
  const { getClient } = useAuth();
  const headingId = useId();
  const [view, setView] = useState<View>({ kind: "loading" });
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  // After the codes are put away or the factor is removed, the control that had focus is gone:
  // focus goes to the section's heading instead of falling to <body>.
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  useEffect(() => {
    if (!focusHeading) return;
    setFocusHeading(false);
    heading.current?.focus();
  }, [focusHeading]);

  const load = useCallback(async () => {
    setView({ kind: "loading" });
    try {
      const verified = (await totpFactors(await getClient())).find((f) => f.status === "verified");
      setView(verified ? { kind: "on", factorId: verified.id } : { kind: "off" });
    } catch (error) {
      console.error("Loading two-factor settings failed", error);
      setView({ kind: "error" });
    }
  }, [getClient]);

  useEffect(() => {
    void load();
  }, [load]);

  async function startSetup() {
    setBusy(true);
    setNotice(null);
    try {
      const client = await getClient();
      // An earlier setup left unconfirmed: drop it, so factors do not pile up.
      for (const stale of (await totpFactors(client)).filter((f) => f.status !== "verified")) {
        await client.auth.mfa.unenroll({ factorId: stale.id });
      }
      const problem = await enrol(client);
      if (problem?.code === "reauthentication_needed") {
        // Signed in long ago: the server wants the mailed code first, as for a password change.
        const sent = await client.auth.reauthenticate();
        // 429: a code was mailed moments ago and is still valid, so the code step is right anyway.
        if (sent.error && sent.error.status !== 429) {
          setNotice({ tone: "error", message: { key: "reauthentication.sendFailed" } });
          return;
        }
        setView({ kind: "reauthenticating" });
      } else if (problem) {
        setNotice({ tone: "error", message: identityErrorMessage(problem) });
      }
    } catch (error) {
      console.error("Starting two-factor setup failed", error);
      setNotice({ tone: "error", message: { key: "common.unknownError" } });
    } finally {
      setBusy(false);
    }
  }

  /** A new authenticator enrolment, shown for set-up; the server's refusal otherwise. */
  async function enrol(client: SupabaseClient) {
    const { data, error } = await client.auth.mfa.enroll({ factorType: "totp" });
    if (error) return error;
    setView({
      kind: "setup",
      factorId: data.id,
      qr: qrSource(data.totp.qr_code),
      secret: data.totp.secret,
      uri: otpauthLink(data.totp.uri),
    });
    return null;
  }

  /** The mailed code re-authenticates the session (`PUT /user {nonce}`), then the set-up starts. */
  async function confirmReauthentication(code: string): Promise<UserMessage | null> {
    const client = await getClient();
    const { error } = await client.auth.updateUser({ nonce: code });
    if (error?.code === "reauthentication_not_valid") return { key: "reauthentication.invalidCode" };
    if (error) return identityErrorMessage(error);
    const problem = await enrol(client);
    return problem ? identityErrorMessage(problem) : null;
  }

  async function cancelSetup(factorId: string) {
    setView({ kind: "off" });
    try {
      await (await getClient()).auth.mfa.unenroll({ factorId });
    } catch (error) {
      console.error("Dropping the unconfirmed factor failed", error);
    }
  }

  async function confirmSetup(factorId: string, code: string): Promise<UserMessage | null> {
    const client = await getClient();
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code });
    if (error) return codeErrorMessage(error);
    const codes = await client.auth.mfa.recoveryCodes.generate();
    if (codes.error) {
      setView({ kind: "on", factorId });
      setNotice({ tone: "error", message: { key: "twoFactor.codes.failed" } });
      return null;
    }
    setView({ kind: "codes", factorId, codes: codes.data.codes });
    return null;
  }

  /**
   * New recovery codes (or the first set, when there is none); null when they were issued. The
   * server makes them only after a recent code of an authenticator (README, two-factor sign-in).
   */
  async function issueCodes(client: SupabaseClient, factorId: string) {
    let issued = await client.auth.mfa.recoveryCodes.regenerate();
    if (issued.error?.code === "mfa_factor_not_found") issued = await client.auth.mfa.recoveryCodes.generate();
    if (issued.error) return issued.error;
    setView({ kind: "codes", factorId, codes: issued.data.codes });
    return null;
  }

  async function newCodes(factorId: string) {
    setBusy(true);
    setNotice(null);
    try {
      const problem = await issueCodes(await getClient(), factorId);
      // No code typed lately: ask for one, as turning off does.
      if (problem?.code === "insufficient_aal") setView({ kind: "renewing", factorId });
      else if (problem) setNotice({ tone: "error", message: identityErrorMessage(problem) });
    } catch (error) {
      console.error("New recovery codes failed", error);
      setNotice({ tone: "error", message: { key: "common.unknownError" } });
    } finally {
      setBusy(false);
    }
  }

  async function confirmDisable(factorId: string, code: string): Promise<UserMessage | null> {
    const client = await getClient();
    // A fresh code first: the server removes a factor only after one (README, two-factor sign-in).
    const verified = await client.auth.mfa.challengeAndVerify({ factorId, code });
    if (verified.error) return codeErrorMessage(verified.error);
    const codes = await client.auth.mfa.recoveryCodes.unenroll();
    if (codes.error && codes.error.code !== "mfa_factor_not_found") return identityErrorMessage(codes.error);
    const removed = await client.auth.mfa.unenroll({ factorId });
    if (removed.error) return identityErrorMessage(removed.error);
    setView({ kind: "off" });
    setNotice({ tone: "success", message: { key: "twoFactor.turnedOff" } });
    setFocusHeading(true);
    return null;
  }

  async function confirmRenew(factorId: string, code: string): Promise<UserMessage | null> {
    const client = await getClient();
    const verified = await client.auth.mfa.challengeAndVerify({ factorId, code });
    if (verified.error) return codeErrorMessage(verified.error);
    const problem = await issueCodes(client, factorId);
    return problem ? identityErrorMessage(problem) : null;
  }

  // A success notice already says whether it is on or off: the status line would say it twice.
  const status = (on: boolean) =>
    notice?.tone === "success" ? null : (
      <p className="text-text">{t(on ? "twoFactor.statusOn" : "twoFactor.statusOff")}</p>
    );

  return (
    <Card asChild>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <CardTitle ref={heading} headingLevel={2} id={headingId} tabIndex={-1} className="outline-none">
            {t("twoFactor.title")}
          </CardTitle>
          <CardDescription>{t("twoFactor.description")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {notice ? <FormMessage message={{ tone: notice.tone, text: messageText(notice.message) }} /> : null}
          {view.kind === "loading" ? <p className="text-text-muted">{t("common.loading")}</p> : null}
          {view.kind === "error" ? (
            <>
              <FormMessage message={{ tone: "error", text: t("twoFactor.loadError") }} />
              <Button variant="outline" className="self-start" onClick={() => void load()}>
                {t("twoFactor.retry")}
              </Button>
            </>
          ) : null}
          {view.kind === "off" ? (
            <>
              {status(false)}
              <Button className={`self-start ${WRAPS}`} loading={busy} onClick={() => void startSetup()}>
                {t("twoFactor.enable")}
              </Button>
            </>
          ) : null}
          {view.kind === "reauthenticating" ? (
            <CodeForm
              intro={t("twoFactor.reauthIntro")}
              codeLabel={t("reauthentication.codeLabel")}
              confirmLabel={t("twoFactor.reauthConfirm")}
              onCode={confirmReauthentication}
              onCancel={() => setView({ kind: "off" })}
            />
          ) : null}
          {view.kind === "setup" ? (
            <CodeForm
              intro={t("twoFactor.setup.enterCode")}
              confirmLabel={t("twoFactor.setup.confirm")}
              onCode={(code) => confirmSetup(view.factorId, code)}
              onCancel={() => void cancelSetup(view.factorId)}
            >
              <p className="text-text-muted">{t("twoFactor.setup.scan")}</p>
              {/* White in both palettes on purpose: authenticator apps read dark modules on a
                  light quiet zone. */}
              <img
                src={view.qr}
                alt={t("twoFactor.setup.qrAlt")}
                width={200}
                height={200}
                className="size-50 rounded-md border border-border bg-white p-2"
              />
              {view.uri ? (
                <div className="flex flex-col items-start gap-2">
                  <p className="text-text-muted">{t("twoFactor.setup.sameDevice")}</p>
                  <Button asChild variant="outline" className={WRAPS}>
                    <a href={view.uri}>{t("twoFactor.setup.openApp")}</a>
                  </Button>
                </div>
              ) : null}
              <div className="flex flex-col items-start gap-2">
                <p className="text-text-muted">{t("twoFactor.setup.secretLabel")}</p>
                {/* Wraps only between the groups of four (never break-all): a group split over two
                    lines is easy to mistype. */}
                <p className="text-lg text-text" style={MONO} translate="no">
                  {groupSecret(view.secret)}
                </p>
                <CopyButton
                  size="sm"
                  value={view.secret}
                  label={t("twoFactor.setup.copyKey")}
                  copiedLabel={t("twoFactor.copied")}
                  failedLabel={t("twoFactor.copyFailed")}
                />
              </div>
            </CodeForm>
          ) : null}
          {view.kind === "codes" ? (
            <RecoveryCodesList
              codes={view.codes}
              onDone={() => {
                setView({ kind: "on", factorId: view.factorId });
                setNotice({ tone: "success", message: { key: "twoFactor.turnedOn" } });
                setFocusHeading(true);
              }}
            />
          ) : null}
          {view.kind === "on" ? (
            <>
              {status(true)}
              <div className="flex flex-wrap gap-3">
                <Button
                  variant="outline"
                  onClick={() => {
                    setNotice(null);
                    setView({ kind: "disabling", factorId: view.factorId });
                  }}
                >
                  {t("twoFactor.disable")}
                </Button>
                <Button variant="outline" className={WRAPS} loading={busy} onClick={() => void newCodes(view.factorId)}>
                  {t("twoFactor.newCodes")}
                </Button>
              </div>
            </>
          ) : null}
          {view.kind === "renewing" ? (
            <CodeForm
              intro={t("twoFactor.renewIntro")}
              confirmLabel={t("twoFactor.renewConfirm")}
              onCode={(code) => confirmRenew(view.factorId, code)}
              onCancel={() => setView({ kind: "on", factorId: view.factorId })}
            />
          ) : null}
          {view.kind === "disabling" ? (
            <CodeForm
              intro={t("twoFactor.disableIntro")}
              confirmLabel={t("twoFactor.disableConfirm")}
              onCode={(code) => confirmDisable(view.factorId, code)}
              onCancel={() => setView({ kind: "on", factorId: view.factorId })}
            />
          ) : null}
        </CardContent>
      </section>
    </Card>
  );
}
