import { type Plan, periodKeyOf, TOKENS_SHOWN } from "@veil/contracts";
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
  EmailField,
  PaymentMethodPicker,
  PlanTabs,
  TokenGrid,
} from "@veil/ui";
import { ArrowLeft, Bitcoin, CircleAlert, CreditCard, Globe } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { usePlans, useTokens } from "../../api/hooks.js";
import { useAuth } from "../../auth/auth-provider.js";
import { AuthRequiredDialog } from "../../components/auth-required-dialog.js";
import { DataState } from "../../components/data-state/data-state.js";
import { LongText } from "../../components/long-text.js";
import { PageHeading } from "../../components/page-heading.js";
import { usePlanList } from "../../components/plan-chooser.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useFormatPrice } from "../../i18n/format.js";
import { useT } from "../../i18n/use-t.js";
import { paymentErrorKey, receiptEmailError, startCryptoPayment } from "../../payment/checkout.js";
import { selectedPlan } from "../../payment/selected-plan.js";
import { usePageMeta } from "../../seo/use-page-meta.js";

type Step = "methods" | "tokens";

function usePlanLabels() {
  const t = useT();
  return (plan: Plan) => {
    const key = periodKeyOf(plan.name) ?? "month";
    return { name: t(`plans.${key}.name`), days: t("common.days", { count: plan.days }) };
  };
}

function OrderSummary({ plan, email }: { plan: Plan | undefined; email: string }) {
  const t = useT();
  const formatPrice = useFormatPrice();
  const labels = usePlanLabels();
  return (
    <Card asChild>
      <aside aria-labelledby="order-summary" className="lg:sticky lg:top-24">
        <CardHeader>
          <CardTitle id="order-summary" headingLevel={2}>
            {t("paymentScreen.summary.title")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {plan ? (
            <>
              <dl className="flex flex-col gap-3 text-sm">
                <div className="flex justify-between gap-4">
                  <dt className="text-text-muted">{t("paymentScreen.summary.plan")}</dt>
                  <dd className="font-medium text-text">{labels(plan).name}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-text-muted">{t("paymentScreen.summary.duration")}</dt>
                  <dd className="font-medium text-text">{labels(plan).days}</dd>
                </div>
                {email ? (
                  // Wrapped, not truncated: the whole receipt address stays readable (§2.14).
                  <div className="flex justify-between gap-4">
                    <dt className="shrink-0 text-text-muted">{t("paymentScreen.summary.email")}</dt>
                    <dd className="min-w-0 text-right font-medium text-text">
                      <LongText>{email}</LongText>
                    </dd>
                  </div>
                ) : null}
                <div className="flex justify-between gap-4 border-t border-border pt-3 text-base">
                  <dt className="font-semibold text-text">{t("paymentScreen.summary.total")}</dt>
                  <dd className="font-semibold text-text">{formatPrice(plan.price)}</dd>
                </div>
              </dl>
              {/* Not "renews automatically": nothing can take a crypto payment again by itself (#26). */}
              <p className="mt-3 text-xs text-text-muted">{t("paymentScreen.summary.cryptoOnce")}</p>
            </>
          ) : (
            <p className="text-sm text-text-muted">{t("paymentScreen.planNotFound")}</p>
          )}
        </CardContent>
      </aside>
    </Card>
  );
}

/**
 * The payment screen (docs/product.md §2.9, §4.6, §8.3): four plan tabs preselected from ?planId, the e-mail, three
 * methods (only crypto enabled), then the token step: grid (12, then show more), Back, and a pay
 * button naming the token. Pay: init → invoice → the browser goes to the provider's page. Guests
 * are stopped at plan choice with the 'Action unavailable' dialog.
 */
export function PaymentPage() {
  const t = useT();
  const formatPrice = useFormatPrice();
  const labels = usePlanLabels();
  const [params, setParams] = useSearchParams();
  const { signedIn, user, loading: sessionLoading } = useAuth();
  const plans = usePlanList();
  const plansQuery = usePlans();
  // Without plans there is nothing to buy: the failure and Try again, never a bare page (§8.4).
  const plansFailed = plansQuery.error !== undefined && plansQuery.data === undefined;
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<MessageKey | null>(null);
  const emailField = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>("methods");
  const [token, setToken] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<MessageKey | null>(null);
  const [askToSignIn, setAskToSignIn] = useState(false);
  usePageMeta({ title: t("paymentScreen.meta.title"), noIndex: true });
  // Switching steps removes the control that had focus (the method button, Back); keyboard and
  // screen-reader users would be dropped on <body>. Focus goes to the first control of the new step.
  const backButton = useRef<HTMLButtonElement>(null);
  const methods = useRef<HTMLDivElement>(null);
  const stepChangedByUser = useRef(false);
  const planTabs = useRef<HTMLDivElement>(null);
  const askedFromPlanTabs = useRef(false);
  useEffect(() => {
    if (!stepChangedByUser.current) return;
    stepChangedByUser.current = false;
    if (step === "tokens") backButton.current?.focus();
    else methods.current?.querySelector<HTMLElement>("button:not([disabled]):not([aria-disabled=true])")?.focus();
  }, [step]);

  useEffect(() => {
    if (user?.email) setEmail((current) => current || (user.email ?? ""));
  }, [user]);

  const plan = selectedPlan(plans, params.get("planId"));
  const tokens = useTokens(step === "tokens");
  const tokenList = tokens.data ?? [];
  const tokensFailed = tokens.error !== undefined || (tokens.data !== undefined && tokens.data.length === 0);
  // Try again goes away when the tokens load; the focus it held goes to the first token, not <body>.
  const tokenGridBox = useRef<HTMLDivElement>(null);
  const tokensAskedAgain = useRef(false);
  useEffect(() => {
    if (tokensFailed || !tokens.data || !tokensAskedAgain.current) return;
    tokensAskedAgain.current = false;
    const focus = document.activeElement;
    if (focus && focus !== document.body && focus.isConnected) return;
    tokenGridBox.current?.querySelector<HTMLElement>('input[type="radio"]')?.focus();
  }, [tokensFailed, tokens.data]);
  useEffect(() => {
    if (tokens.error) console.error("Token list failed to load", tokens.error);
  }, [tokens.error]);

  /**
   * A click made before the stored session has been read (a fresh load, the auth client still
   * downloading) must not treat a signed-in user as a guest: it waits for the answer and then runs
   * with the real state. Only the latest such click is kept.
   */
  const waitingForSession = useRef<((signedIn: boolean) => void) | null>(null);
  function onceSessionKnown(action: (signedIn: boolean) => void) {
    if (sessionLoading) waitingForSession.current = action;
    else action(signedIn);
  }
  useEffect(() => {
    const action = waitingForSession.current;
    if (sessionLoading || !action) return;
    waitingForSession.current = null;
    action(signedIn);
  }, [sessionLoading, signedIn]);

  function choosePlan(id: string) {
    onceSessionKnown((known) => {
      if (!known) {
        askedFromPlanTabs.current = true;
        return setAskToSignIn(true);
      }
      const next = new URLSearchParams(params);
      next.set("planId", id);
      setParams(next, { replace: true });
    });
  }

  /**
   * The guest dialog opened from a plan tab must not give focus back to the tab that opened it:
   * that tab is not the selected one, and Radix Tabs (automatic activation) select a tab when it
   * gains focus, which asked to sign in again and reopened the dialog at once (×, Escape and an
   * outside click all seemed to do nothing). Focus goes to the plan that is still selected.
   */
  function focusSelectedPlan(event: Event) {
    if (!askedFromPlanTabs.current) return;
    askedFromPlanTabs.current = false;
    const selected = planTabs.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!selected) return;
    event.preventDefault();
    selected.focus({ preventScroll: true });
  }

  function back() {
    stepChangedByUser.current = true;
    setStep("methods");
    setToken(null);
  }

  async function pay() {
    if (!plan || !token || paying) return;
    const invalidEmail = receiptEmailError(email);
    if (invalidEmail) {
      setEmailError(invalidEmail);
      emailField.current?.focus();
      return;
    }
    setPaying(true);
    try {
      const url = await startCryptoPayment(plan, token, window.location.origin, email);
      window.location.assign(url);
    } catch (error) {
      console.error("Payment could not start", error);
      setPayError(paymentErrorKey(error));
      setPaying(false);
    }
  }

  const tokenName = tokenList.find((tk) => tk.code === token)?.label ?? token ?? "";
  const panel = (
    <div className="flex flex-col gap-6">
      <EmailField
        ref={emailField}
        label={t("paymentScreen.email")}
        value={email}
        error={emailError ? t(emailError) : undefined}
        onChange={(event) => {
          setEmail(event.target.value);
          setEmailError(null);
        }}
      />
      {step === "methods" ? (
        <div ref={methods}>
          <PaymentMethodPicker
            label={t("paymentScreen.methods")}
            methods={[
              {
                id: "ru-card",
                label: t("paymentScreen.method.ruCard"),
                description: t("paymentScreen.method.ruCardHint"),
                icon: <CreditCard />,
                disabled: true,
                disabledReason: t("paymentScreen.method.unavailable"),
              },
              {
                id: "foreign-card",
                label: t("paymentScreen.method.foreignCard"),
                description: t("paymentScreen.method.foreignCardHint"),
                icon: <Globe />,
                disabled: true,
                disabledReason: t("paymentScreen.method.unavailable"),
              },
              {
                id: "crypto",
                label: t("paymentScreen.method.crypto"),
                description: t("paymentScreen.method.cryptoHint"),
                icon: <Bitcoin />,
              },
            ]}
            onSelect={(id) => {
              if (id !== "crypto") return;
              onceSessionKnown((known) => {
                if (!known) {
                  askedFromPlanTabs.current = false;
                  return setAskToSignIn(true);
                }
                stepChangedByUser.current = true;
                setStep("tokens");
              });
            }}
          />
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <div>
            <Button ref={backButton} variant="ghost" size="sm" onClick={back}>
              <ArrowLeft aria-hidden="true" />
              {t("paymentScreen.crypto.back")}
            </Button>
          </div>
          <div ref={tokenGridBox}>
            <TokenGrid
              label={t("paymentScreen.crypto.title")}
              tokens={tokenList.map((tk) => ({ value: tk.code, label: tk.label }))}
              value={token}
              onValueChange={setToken}
              initialCount={TOKENS_SHOWN}
              showMoreLabel={t("paymentScreen.crypto.showMore")}
              showLessLabel={t("paymentScreen.crypto.showLess")}
              countText={(shown, total) => t("paymentScreen.crypto.showing", { shown, total })}
              loading={tokens.isLoading}
              loadingLabel={t("paymentScreen.crypto.loading")}
              error={tokensFailed ? t("paymentScreen.crypto.errorLoading") : undefined}
            />
          </div>
          {tokensFailed && !tokens.isLoading ? (
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              loading={tokens.isValidating}
              onClick={() => {
                tokensAskedAgain.current = true;
                void tokens.mutate();
              }}
            >
              {t("dataState.retry")}
            </Button>
          ) : null}
          {token ? (
            <Button size="lg" loading={paying} onClick={() => void pay()} className="self-start">
              {t("paymentScreen.crypto.pay", { token: tokenName })}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 md:py-14 lg:px-8">
      <PageHeading className="text-3xl font-bold tracking-tight text-text">{t("paymentScreen.title")}</PageHeading>
      <DataState
        read={{
          // Before the answer the catalogue's plans stand in (the page is prerendered with them).
          data: plansFailed ? undefined : plans,
          error: plansFailed ? plansQuery.error : undefined,
          mutate: plansQuery.mutate,
          isValidating: plansQuery.isValidating,
        }}
        loading={null}
        failedTitle={t("paymentScreen.plansFailed")}
        failedFrame={(failure) => <div className="mt-8 max-w-2xl">{failure}</div>}
      >
        {() => (
          // grid-cols-1 (minmax(0, 1fr)), not an auto column: a long receipt address must not widen the page.
          <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <PlanTabs
              ref={planTabs}
              label={t("paymentScreen.plans")}
              value={plan ? String(plan.id) : undefined}
              onValueChange={choosePlan}
              items={plans.map((p) => ({
                value: String(p.id),
                label: labels(p).name,
                detail: `${formatPrice(p.price)} · ${labels(p).days}`,
              }))}
              renderPanel={() => panel}
            />
            <OrderSummary plan={plan} email={email} />
          </div>
        )}
      </DataState>
      <AuthRequiredDialog open={askToSignIn} onOpenChange={setAskToSignIn} onCloseAutoFocus={focusSelectedPlan} />
      <DialogRoot open={payError !== null} onOpenChange={(open) => !open && setPayError(null)}>
        <DialogContent closeLabel={t("common.close")}>
          <DialogHeader tone="danger" icon={<CircleAlert aria-hidden="true" />}>
            <DialogTitle>{t("paymentScreen.crypto.errorTitle")}</DialogTitle>
            <DialogDescription>{payError ? t(payError) : null}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button onClick={() => setPayError(null)}>{t("common.close")}</Button>
          </DialogFooter>
        </DialogContent>
      </DialogRoot>
    </div>
  );
}
