/**
 * The product API as a route table (docs/architecture.md §6): each `/api` route is one entry with
 * its method, path (relative to `/api`), whether it needs a bearer token, and the error codes it
 * can answer. Its request and reply bodies are carried as types here and as zod schemas in
 * route-schemas.ts (same keys), so this file stays zod-free: the landing page may import it.
 *
 * The server registers its handlers from this table (apps/server/src/api/route.ts) and the web
 * app calls `api(route, body)` (apps/web/src/api/client.ts), both typed by it; a contract test
 * walks it against the running server (apps/server/test/api/contract.test.ts).
 */
import type { z } from "zod";
import type * as A from "./access.js";
import type * as S from "./api.js";
import { type ApiErrorCode, AUTHED_ERROR_CODES, COMMON_ERROR_CODES } from "./api-errors.js";
import { API_PATHS } from "./api-paths.js";

export type ApiMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** One `/api` route. `Req` is what a client sends (`undefined`: no body), `Rep` what it gets back. */
export interface ApiRoute<Req = unknown, Rep = unknown> {
  readonly method: ApiMethod;
  readonly path: string;
  /** A bearer token is required (and a verified second factor when the user has one). */
  readonly auth: boolean;
  /** Every code an error reply of this route can carry. */
  readonly errors: readonly ApiErrorCode[];
  /** The reply is a redirect, not JSON. */
  readonly redirect?: true;
  /** The status of a success when it is not 200 (201 created; 204 no body). */
  readonly status?: 201 | 204;
  /** Types only, never set: the bodies the route takes and gives. */
  readonly types?: { readonly request: Req; readonly reply: Rep };
}

type In<T extends z.ZodType> = z.input<T>;
type Out<T extends z.ZodType> = z.output<T>;

function route<Req, Rep>(
  method: ApiMethod,
  path: string,
  auth: boolean,
  errors: readonly ApiErrorCode[],
  extra: { redirect?: true; status?: 201 | 204 } = {},
): ApiRoute<Req, Rep> {
  const all = [...COMMON_ERROR_CODES, ...(auth ? AUTHED_ERROR_CODES : []), ...errors];
  return { method, path, auth, errors: [...new Set(all)], ...extra };
}

const withBody: readonly ApiErrorCode[] = ["validation_failed"];

export const API_ROUTES = {
  // users
  userByEmail: route<In<typeof S.emailRequestSchema>, Out<typeof S.userReplySchema>>(
    "POST",
    API_PATHS.userByEmail,
    false,
    [...withBody, "rate_limited", "user_not_found", "account_blocked"],
  ),
  registerUser: route<In<typeof S.emailRequestSchema>, Out<typeof S.registerReplySchema>>(
    "POST",
    API_PATHS.registerUser,
    true,
    [...withBody, "email_mismatch", "email_taken"],
  ),
  initSession: route<In<typeof S.emailRequestSchema>, Out<typeof S.registerReplySchema>>(
    "POST",
    API_PATHS.initSession,
    true,
    [...withBody, "email_mismatch", "email_taken"],
  ),
  deleteAccount: route<In<typeof S.deleteAccountRequestSchema>, Out<typeof S.statusSuccessSchema>>(
    "POST",
    API_PATHS.deleteAccount,
    true,
    [...withBody, "managed_by_identity_provider", "rate_limited", "wrong_password"],
  ),
  dataExport: route<undefined, Out<typeof S.dataExportSchema>>("GET", API_PATHS.dataExport, true, ["rate_limited"]),
  // sessions
  sessions: route<undefined, Out<typeof S.sessionListSchema>>("GET", API_PATHS.sessions, true, [
    "managed_by_identity_provider",
  ]),
  endSession: route<undefined, Out<typeof S.statusSuccessSchema>>("DELETE", API_PATHS.session, true, [
    "managed_by_identity_provider",
    "current_session",
    "session_not_found",
  ]),
  // subscription and history
  subscriptionInfo: route<undefined, Out<typeof S.subscriptionInfoSchema>>("GET", API_PATHS.subscriptionInfo, true, []),
  payments: route<undefined, Out<typeof S.paymentListSchema>>("GET", API_PATHS.payments, true, []),
  // contact
  contact: route<In<typeof S.contactRequestSchema>, Out<typeof S.statusSuccessSchema>>(
    "POST",
    API_PATHS.contact,
    false,
    [...withBody, "rate_limited"],
  ),
  // catalogue
  plans: route<undefined, Out<typeof S.planListSchema>>("GET", API_PATHS.plans, false, []),
  tokens: route<undefined, Out<typeof S.tokenListSchema>>("GET", API_PATHS.tokens, false, [
    "rate_limited",
    "provider_unavailable",
  ]),
  // checkout
  paymentInit: route<In<typeof S.paymentInitRequestSchema>, Out<typeof S.paymentInitReplySchema>>(
    "POST",
    API_PATHS.paymentInit,
    true,
    [
      ...withBody,
      "rate_limited",
      "email_taken",
      "plan_not_found",
      "amount_mismatch",
      "token_unavailable",
      "provider_unavailable",
    ],
  ),
  invoice: route<In<typeof S.invoiceRequestSchema>, Out<typeof S.invoiceReplySchema>>("POST", API_PATHS.invoice, true, [
    ...withBody,
    "rate_limited",
    "redirect_not_allowed",
    "transaction_not_found",
    "transaction_not_pending",
    "invoice_mismatch",
    "token_unavailable",
    "provider_refused",
    "provider_unavailable",
  ]),
  // the provider's callback (the path's `:secret` is EXNODE_CALLBACK_SECRET)
  providerCallback: route<In<typeof S.providerCallbackRequestSchema>, Out<typeof S.providerCallbackReplySchema>>(
    "POST",
    "/exnode/callback/:secret",
    false,
    ["tracker_id_required", "provider_unavailable"],
  ),
  // renewal reminders: each takes the mail's signed `?token=`
  reminderStatus: route<undefined, Out<typeof S.reminderStatusSchema>>("GET", API_PATHS.reminderStatus, false, [
    "invalid_link",
  ]),
  reminderUnsubscribe: route<undefined, Out<typeof S.reminderStatusSchema>>(
    "POST",
    API_PATHS.reminderUnsubscribe,
    false,
    ["invalid_link"],
  ),
  reminderUnsubscribeLink: route<undefined, undefined>("GET", API_PATHS.reminderUnsubscribe, false, [], {
    redirect: true,
  }),
  // access: servers (public, ETag) and the caller's devices
  servers: route<undefined, Out<typeof A.serverListSchema>>("GET", API_PATHS.servers, false, []),
  devices: route<undefined, Out<typeof A.deviceListSchema>>("GET", API_PATHS.devices, true, []),
  createDevice: route<In<typeof A.createDeviceRequestSchema>, Out<typeof A.deviceReplySchema>>(
    "POST",
    API_PATHS.devices,
    true,
    [
      ...withBody,
      "rate_limited",
      "device_limit",
      "invalid_public_key",
      "duplicate_public_key",
      "subscription_inactive",
      "server_not_found",
    ],
    { status: 201 },
  ),
  /** `{name}` renames; `{publicKey}` re-keys (the old key loses access at once). */
  updateDevice: route<In<typeof A.updateDeviceRequestSchema>, Out<typeof A.deviceReplySchema>>(
    "PATCH",
    API_PATHS.device,
    true,
    [
      ...withBody,
      "rate_limited",
      "invalid_public_key",
      "duplicate_public_key",
      "subscription_inactive",
      "device_not_found",
    ],
  ),
  deleteDevice: route<undefined, undefined>("DELETE", API_PATHS.device, true, ["device_not_found"], { status: 204 }),
  /** The peer block for another location: `?serverId=` (default: the device's own, else the first). */
  deviceConfig: route<undefined, Out<typeof A.deviceConfigReplySchema>>("GET", API_PATHS.deviceConfig, true, [
    "validation_failed",
    "device_not_found",
    "server_not_found",
    "subscription_inactive",
  ]),
} as const;

export type ApiRouteName = keyof typeof API_ROUTES;
/** What a client sends to route `R` (`undefined`: no body). */
export type RequestOf<R> = R extends ApiRoute<infer Req, unknown> ? Req : never;
/** What route `R` answers on success. */
export type ReplyOf<R> = R extends ApiRoute<unknown, infer Rep> ? Rep : never;

/** The path of `route` with its `:name` parameters filled in (encoded). */
export function routePath(route: ApiRoute, params: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}
