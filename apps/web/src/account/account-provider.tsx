import { API_ROUTES, type PaymentRow, type SubscriptionInfo, type UserReply } from "@veil/contracts/constants";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from "react";
import { anyReply, api } from "../api/client.js";
import { usePayments, useSubscription } from "../api/hooks.js";
import { useAuth } from "../auth/auth-provider.js";
import type { RemoteRead } from "../components/data-state/data-state.js";
import { accountSessionReducer, initialAccountSessionState, needsInitialisation } from "./account-state.js";

/** Client account state (docs/product.md §3.1). */
export interface AccountContextValue {
  user: UserReply | null;
  isInitialized: boolean;
  /**
   * The two reads as they are, for `<DataState>` (docs/product.md §8.4): until the session is
   * initialised both are loading (no data, no error); a failure is never turned into "no
   * subscription" or "no payments".
   */
  subscriptionRead: RemoteRead<SubscriptionInfo>;
  paymentsRead: RemoteRead<PaymentRow[]>;
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

  const refresh = useCallback(async () => {
    await Promise.all([mutateSubscription(), mutatePayments()]);
  }, [mutateSubscription, mutatePayments]);

  const subscriptionRead = useMemo<RemoteRead<SubscriptionInfo>>(
    () => ({
      data: dataKey ? subscription.data : undefined,
      error: dataKey ? subscription.error : undefined,
      isValidating: subscription.isValidating,
      mutate: mutateSubscription,
    }),
    [dataKey, subscription.data, subscription.error, subscription.isValidating, mutateSubscription],
  );
  const paymentsRead = useMemo<RemoteRead<PaymentRow[]>>(
    () => ({
      data: dataKey ? payments.data : undefined,
      error: dataKey ? payments.error : undefined,
      isValidating: payments.isValidating,
      mutate: mutatePayments,
    }),
    [dataKey, payments.data, payments.error, payments.isValidating, mutatePayments],
  );

  const value = useMemo<AccountContextValue>(
    () => ({
      user: state.email ? { email: state.email } : null,
      isInitialized: state.isInitialized,
      subscriptionRead,
      paymentsRead,
      refresh,
    }),
    [state, subscriptionRead, paymentsRead, refresh],
  );
  return <AccountContext value={value}>{children}</AccountContext>;
}
