import { Button, StatusBadge } from "@veil/ui";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import { useLocation } from "react-router-dom";
import { useAccount } from "../../account/account-provider.js";
import { downloadMyData } from "../../account/data-export.js";
import { messageForError, type UserMessage } from "../../api/errors.js";
import { DataState } from "../../components/data-state/data-state.js";
import { FormMessage } from "../../components/form-message.js";
import { LongText } from "../../components/long-text.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useMessageText } from "../../i18n/use-message.js";
import { useT } from "../../i18n/use-t.js";
import { AccountSection, Field } from "./account-section.js";

/**
 * Profile (docs/product.md §2.10): e-mail and an active/inactive badge; loading text until the session is
 * initialised and the subscription status has answered; a failed status read says so, with Try
 * again, under the e-mail (§8.4).
 */
export function ProfilePage() {
  const t = useT();
  const { user, isInitialized, subscriptionRead } = useAccount();
  const notice = (useLocation().state as { notice?: MessageKey } | null)?.notice;
  const loading = <p className="text-text-muted">{t("profile.loading")}</p>;
  const email = user ? (
    <Field label={t("profile.email")}>
      <LongText>{user.email}</LongText>
    </Field>
  ) : null;
  return (
    <AccountSection title={t("profile.title")}>
      {notice ? <FormMessage className="mb-4" message={{ tone: "success", text: t(notice) }} /> : null}
      {!user ? (
        <p className="text-text-muted">{t("profile.notAuthenticated")}</p>
      ) : !isInitialized ? (
        loading
      ) : (
        // The badge waits for the subscription answer: before it, or after a failure, "Inactive" would be false.
        <DataState
          read={subscriptionRead}
          loading={loading}
          failedTitle={t("profile.statusFailed")}
          failedFrame={(failure) => (
            <>
              <dl className="divide-y divide-border">{email}</dl>
              <div className="mt-3">{failure}</div>
            </>
          )}
        >
          {(subscription) => (
            <dl className="divide-y divide-border">
              {email}
              <Field label={t("profile.status")}>
                <StatusBadge status={subscription.is_active ? "active" : "inactive"}>
                  {t(subscription.is_active ? "profile.active" : "profile.inactive")}
                </StatusBadge>
              </Field>
            </dl>
          )}
        </DataState>
      )}
      {user ? <DataExport /> : null}
    </AccountSection>
  );
}

/**
 * "Download my data" (docs/product.md §11.2): the account's own data as a JSON file. The button
 * is busy while the file is prepared; a failure is announced under it.
 */
function DataExport() {
  const t = useT();
  const messageText = useMessageText();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UserMessage | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      await downloadMyData();
    } catch (err) {
      setError(messageForError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-border pt-6">
      <h2 id={headingId} className="text-lg font-semibold text-text">
        {t("profile.export.title")}
      </h2>
      <p className="mt-1 text-sm text-text-muted">{t("profile.export.body")}</p>
      <Button variant="outline" className="mt-4" loading={busy} onClick={download}>
        {busy ? null : <Download aria-hidden="true" />}
        {t(busy ? "profile.export.busy" : "profile.export.button")}
      </Button>
      {error ? <FormMessage className="mt-4" message={{ tone: "error", text: messageText(error) }} /> : null}
    </section>
  );
}
