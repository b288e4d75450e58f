import { StatusBadge } from "@veil/ui";
import { useLocation } from "react-router-dom";
import { useAccount } from "../../account/account-provider.js";
import { FormMessage } from "../../components/form-message.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useT } from "../../i18n/use-t.js";
import { AccountSection, Field } from "./account-section.js";

/**
 * Profile (docs/product.md §2.10): e-mail and an active/inactive badge; loading text until the session is
 * initialised and the subscription status has answered.
 */
export function ProfilePage() {
  const t = useT();
  const { user, subscription, isInitialized, subscriptionSettled } = useAccount();
  const notice = (useLocation().state as { notice?: MessageKey } | null)?.notice;
  const active = subscription?.is_active === true;
  return (
    <AccountSection title={t("profile.title")}>
      {notice ? <FormMessage className="mb-4" message={{ tone: "success", text: t(notice) }} /> : null}
      {/* The badge waits for the subscription answer: before it, "Inactive" could be wrong. */}
      {user && (!isInitialized || !subscriptionSettled) ? (
        <p className="text-text-muted">{t("profile.loading")}</p>
      ) : !user ? (
        <p className="text-text-muted">{t("profile.notAuthenticated")}</p>
      ) : (
        <dl className="divide-y divide-border">
          <Field label={t("profile.email")}>{user.email}</Field>
          <Field label={t("profile.status")}>
            <StatusBadge status={active ? "active" : "inactive"}>
              {t(active ? "profile.active" : "profile.inactive")}
            </StatusBadge>
          </Field>
        </dl>
      )}
    </AccountSection>
  );
}
