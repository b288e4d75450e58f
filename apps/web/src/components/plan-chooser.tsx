import { HIGHLIGHTED_PLAN_INDEX, PLAN_CATALOGUE, type Plan, periodKeyOf } from "@veil/contracts";
import { PlanList, type PlanListPlan } from "@veil/ui";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router-dom";
import { usePlans } from "../api/hooks.js";
import { useAuth } from "../auth/auth-provider.js";
import { useFormatPrice } from "../i18n/format.js";
import { useT } from "../i18n/use-t.js";
import { paymentPath } from "../navigation/paths.js";

/**
 * The 'Action unavailable' dialog only opens after a guest picks a plan, so its code (the Radix
 * dialog with its focus trap and scroll lock, ≈ 26 KB gzip) loads then, not with the landing page.
 * It mounts once the first choice is made and stays mounted, open or closed, afterwards.
 */
const AuthRequiredDialog = lazy(async () => ({
  default: (await import("./auth-required-dialog.js")).AuthRequiredDialog,
}));

/** The catalogue as API plans: what is shown (and prerendered) until /api/plans/ answers. */
const CATALOGUE_PLANS: Plan[] = PLAN_CATALOGUE.map((p) => ({
  id: p.id,
  name: p.name,
  price: p.priceUsd,
  days: p.days,
}));

/**
 * The plans to offer: the server's list; the catalogue while it loads (the server seeds its plans
 * from the same catalogue, so the prerendered page shows real prices); none if the call fails
 * (docs/product.md §7.1: failures are ignored, and an empty list shows pricing.noPlans).
 */
export function usePlanList(): Plan[] {
  const { data, error } = usePlans();
  // An earlier answer is kept through a failed refresh (docs/product.md §8.4).
  if (data) return data;
  if (error) return [];
  return CATALOGUE_PLANS;
}

/**
 * The plan list of the landing page and the subscription screen (index 3 highlighted, a carousel
 * on phones). Choosing a plan when signed in opens /payment?planId=…; a guest gets the
 * 'Action unavailable' dialog instead (docs/product.md §2.6).
 */
export function PlanChooser({ label, headingLevel }: { label: string; headingLevel?: 2 | 3 | 4 }) {
  const t = useT();
  const formatPrice = useFormatPrice();
  const navigate = useNavigate();
  const { signedIn } = useAuth();
  const [askToSignIn, setAskToSignIn] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  const plans = usePlanList();

  const items: PlanListPlan[] = plans.map((plan) => {
    const key = periodKeyOf(plan.name) ?? "month";
    return {
      id: String(plan.id),
      title: t(`plans.${key}.name`),
      price: plan.price,
      period: t("pricing.perPeriod", { period: t(`plans.${key}.period`) }),
      days: t("common.days", { count: plan.days }),
      description: t(`plans.${key}.description`),
    };
  });

  return (
    <>
      <PlanList
        plans={items}
        label={label}
        headingLevel={headingLevel}
        formatPrice={formatPrice}
        highlightedIndex={HIGHLIGHTED_PLAN_INDEX}
        highlightedBadge={t("pricing.bestValue")}
        ctaLabel={t("pricing.choose")}
        emptyText={t("pricing.noPlans")}
        previousLabel={t("subscription.scrollPrev")}
        nextLabel={t("subscription.scrollNext")}
        onChoose={(plan) => {
          if (signedIn) navigate(paymentPath(Number(plan.id)));
          else {
            setDialogMounted(true);
            setAskToSignIn(true);
          }
        }}
      />
      {dialogMounted ? (
        <Suspense fallback={null}>
          <AuthRequiredDialog open={askToSignIn} onOpenChange={setAskToSignIn} />
        </Suspense>
      ) : null}
    </>
  );
}
