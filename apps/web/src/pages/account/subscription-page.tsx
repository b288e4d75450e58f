import { periodKeyOf, type SubscriptionInfo } from "@veil/contracts";
import { Button, Skeleton, Spinner, StatusBadge } from "@veil/ui";
import { useId, useState } from "react";
import { useAccount } from "../../account/account-provider.js";
import { DataState } from "../../components/data-state/data-state.js";
import { LongText } from "../../components/long-text.js";
import { PlanChooser } from "../../components/plan-chooser.js";
import { useT } from "../../i18n/use-t.js";
import { AccountSection, Field } from "./account-section.js";

/**
 * Subscription status (docs/product.md §2.10). Active: e-mail, plan, status, days left and an extend button that
 * reveals the plans. Not active: a red heading and the plans. Choosing a plan opens /payment. A
 * failed read shows the failure with Try again, never "no active subscription" (§8.4).
 */
export function SubscriptionPage() {
  const t = useT();
  const { subscriptionRead } = useAccount();
  const loading = (
    <div aria-busy="true" className="flex flex-col gap-3">
      <Spinner label={t("subscription.loading")} className="sr-only" />
      <Skeleton shape="heading" className="w-48" />
      <Skeleton className="w-64" />
      <Skeleton className="w-40" />
    </div>
  );
  // Loading (no data, no error) until the session is initialised.
  const read = subscriptionRead;
  return (
    // Wide once there is a plan list to show.
    <AccountSection title={t("subscription.title")} wide={read.data !== undefined}>
      <DataState read={read} loading={loading} failedTitle={t("subscription.loadFailed")}>
        {(subscription) => <SubscriptionDetails subscription={subscription} />}
      </DataState>
    </AccountSection>
  );
}

function SubscriptionDetails({ subscription }: { subscription: SubscriptionInfo }) {
  const t = useT();
  const plansId = useId();
  const { user } = useAccount();
  const [showPlans, setShowPlans] = useState(false);
  const planKey = subscription.plan_name ? periodKeyOf(subscription.plan_name) : undefined;
  const planName = planKey ? t(`plans.${planKey}.name`) : (subscription.plan_name ?? "—");
  const plans = (
    <div id={plansId} className="mt-6">
      {/* Under the page's h1 directly when active; under the red h2 when not. */}
      <PlanChooser label={t("subscription.plansLabel")} headingLevel={subscription.is_active ? 2 : 3} />
    </div>
  );

  if (!subscription.is_active) {
    return (
      <>
        <h2 className="text-xl font-semibold text-danger">{t("subscription.noActive")}</h2>
        <p className="mt-2 text-text-muted">{t("subscription.choosePlan")}</p>
        {plans}
      </>
    );
  }

  return (
    <>
      <dl className="max-w-xl divide-y divide-border">
        <Field label={t("subscription.email")}>{user ? <LongText>{user.email}</LongText> : null}</Field>
        <Field label={t("subscription.plan")}>{planName}</Field>
        <Field label={t("subscription.status")}>
          <StatusBadge status="active">{t("subscription.active")}</StatusBadge>
        </Field>
        <Field label={t("subscription.daysLeft")}>
          {t("subscription.daysLeftValue", { count: subscription.days_left })}
        </Field>
      </dl>
      <Button
        className="mt-6"
        variant={showPlans ? "outline" : "primary"}
        aria-expanded={showPlans}
        aria-controls={plansId}
        onClick={() => setShowPlans((v) => !v)}
      >
        {t(showPlans ? "subscription.hidePlans" : "subscription.extend")}
      </Button>
      {showPlans ? plans : null}
    </>
  );
}
