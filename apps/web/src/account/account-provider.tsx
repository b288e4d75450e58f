import { API_ROUTES, type PaymentRow, type SubscriptionInfo, type UserReply } from "@veil/contracts/constants";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from "react";
import { anyReply, api } from "../api/client.js";
import { usePayments, useSubscription } from "../api/hooks.js";
import { useAuth } from "../auth/auth-provider.js";
import { accountSessionReducer, initialAccountSessionState, needsInitialisation } from "./account-state.js";

/** Client account state (docs/product.md §3.1). */
export interface AccountContextValue {
  user: UserReply | null;
  subscription: SubscriptionInfo | null;
  payments: PaymentRow[];
  isInitialized: boolean;
  /**
   * True until the first subscription and payment answers (or failures) arrive. Screens show their
   * loading state meanwhile: an empty list or an "Inactive" badge before the answer would be a
   * wrong statement, not a loading one.
   */
  dataLoading: boolean;
  /** Whether /subscription/web/info has answered (or failed) for this user, so a status is known. */
  subscriptionSettled: boolean;
  /** Reloads subscription and payments (after a purchase, on return from the pay page). */
  refresh: () => Promise<void>;
}

const AccountContext = createContext<AccountContextValue | null>(null);

export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error("useAccount needs an <AccountProvider> above it");
  return value;
}

export function AccountProvider({ children }: { children: ReactNode }) {
  const { user, isRecoveringPassword, needsSecondFactor } = useAuth();
  const email = user?.email && !isRecoveringPassword && !needsSecondFactor ? user.email : null;
  const [state, dispatch] = useReducer(accountSessionReducer, initialAccountSessionState);
  const started = useRef<string | null>(null);

  useEffect(() => {
    dispatch({ type: "user", email });
    if (email === null) started.current = null;
  }, [email]);

  useEffect(() => {
    if (!needsInitialisation(state) || started.current === state.email) return;
    const forEmail = state.email;
    started.current = forEmail;
    api(API_ROUTES.initSession, { email: forEmail }, { schema: anyReply })
      .catch((error: unknown) => console.error("Session initialisation failed", error))
      .finally(() => dispatch({ type: "initialised", email: forEmail }));
  }, [state]);

  const dataKey = state.isInitialized && user ? user.id : null;
  const subscription = useSubscription(dataKey);
  const payments = usePayments(dataKey);
  const { mutate: mutateSubscription } = subscription;
  const { mutate: mutatePayments } = payments;

  // Settled = an answer or a failure arrived; SWR keeps the last data while it revalidates.
  const subscriptionSettled = dataKey !== null && (subscription.data !== undefined || subscription.error !== undefined);
  const paymentsSettled = dataKey !== null && (payments.data !== undefined || payments.error !== undefined);

  const refresh = useCallback(async () => {
    await Promise.all([mutateSubscription(), mutatePayments()]);
  }, [mutateSubscription, mutatePayments]);

  const value = useMemo<AccountContextValue>(
    () => ({
      user: state.email ? { email: state.email } : null,
      subscription: subscription.data ?? null,
      payments: payments.data ?? [],
      isInitialized: state.isInitialized,
      dataLoading: dataKey !== null && (!subscriptionSettled || !paymentsSettled),
      subscriptionSettled,
      refresh,
    }),
    [state, subscription.data, payments.data, dataKey, subscriptionSettled, paymentsSettled, refresh],
  );
  return <AccountContext value={value}>{children}</AccountContext>;
}
