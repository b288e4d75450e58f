import {
  API_PATHS,
  API_ROUTES,
  type DeviceList,
  type DeviceSession,
  type PaymentRow,
  type Plan,
  planListReply,
  type Server,
  type SubscriptionInfo,
  type Token,
} from "@veil/contracts/constants";
import useSWR, { type SWRConfiguration, type SWRResponse } from "swr";
import { api } from "./client.js";
import { ApiError } from "./errors.js";

/** The zod schemas load with the first request that needs one (never on the landing page). */
const schemas = () => import("./reply-schemas.js");

/**
 * One SWR hook per `/api` resource. Keys of per-user resources carry the user id, so one user's
 * data is never shown to the next one signing in on the same tab.
 */

/**
 * How a failed account read is asked again by itself: a server error or a lost connection after
 * SWR's usual growing pause, at most 3 times; never a 429 before the wait it was told (the retry
 * button and the next visit ask again) nor a 4xx, which asking again will not change.
 */
export const readRetry: SWRConfiguration["onErrorRetry"] = (error, _key, config, revalidate, { retryCount }) => {
  if (!(error instanceof ApiError)) return;
  if (error.status !== 0 && error.status < 500) return;
  if (retryCount > 3) return;
  const pause = Math.round(config.errorRetryInterval * 2 ** (retryCount - 1) * (0.5 + Math.random()));
  setTimeout(() => void revalidate({ retryCount }), pause);
};

/**
 * The plan list for pricing and payment (docs/product.md §7.1: failures are ignored; callers show no plans).
 * The landing page asks for it, so it is checked by `planListReply`, the zod-free twin of
 * `planListSchema`.
 */
export function usePlans(): SWRResponse<Plan[], unknown> {
  return useSWR(API_PATHS.plans, () => api(API_ROUTES.plans, undefined, { schema: planListReply }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

export function useSubscription(userId: string | null): SWRResponse<SubscriptionInfo, unknown> {
  return useSWR(
    userId ? [API_PATHS.subscriptionInfo, userId] : null,
    () => api(API_ROUTES.subscriptionInfo, undefined, { schema: async () => (await schemas()).subscriptionInfoSchema }),
    { onErrorRetry: readRetry },
  );
}

export function usePayments(userId: string | null): SWRResponse<PaymentRow[], unknown> {
  return useSWR(
    userId ? [API_PATHS.payments, userId] : null,
    () => api(API_ROUTES.payments, undefined, { schema: async () => (await schemas()).paymentListSchema }),
    { onErrorRetry: readRetry },
  );
}

/** The signed-in user's live sessions, this device first (docs/product.md §11.5). */
export function useSessions(userId: string | null): SWRResponse<DeviceSession[], unknown> {
  return useSWR(
    userId ? [API_PATHS.sessions, userId] : null,
    () => api(API_ROUTES.sessions, undefined, { schema: async () => (await schemas()).sessionListSchema }),
    { onErrorRetry: readRetry },
  );
}

/** Crypto tokens: loaded the first time the token step needs them (docs/product.md §4.6), then kept in memory. */
export function useTokens(needed: boolean): SWRResponse<Token[], unknown> {
  const fetcher = () => api(API_ROUTES.tokens, undefined, { schema: async () => (await schemas()).tokenListSchema });
  return useSWR(needed ? API_PATHS.tokens : null, fetcher, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}

/** The signed-in user's VPN devices, their limit and whether configs are issued (docs/product.md, "Devices"). */
export function useDevices(userId: string | null): SWRResponse<DeviceList, unknown> {
  return useSWR(userId ? [API_PATHS.devices, userId] : null, () => api(API_ROUTES.devices), {
    onErrorRetry: readRetry,
  });
}

/** The public server list (locations); not per user. */
export function useServers(): SWRResponse<Server[], unknown> {
  return useSWR(API_PATHS.servers, async () => (await api(API_ROUTES.servers)).servers, {
    revalidateOnFocus: false,
    onErrorRetry: readRetry,
  });
}
