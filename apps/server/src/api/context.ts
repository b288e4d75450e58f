/** What every route module of the product API is given (`createApiRouter` builds it once). */
import type { Context, MiddlewareHandler } from "hono";
import { userLanguage } from "../auth/index.js";
import { clientIp, rateLimitSubject } from "../http/index.js";
import { fromAcceptLanguage } from "../mail/index.js";
import { type ApiDeps, DEFAULT_RATE_LIMITS } from "./deps.js";
import { HttpError } from "./errors.js";
import type { ApiEnv, ApiIdentity } from "./identity.js";
import { createAuthed, createLimit, type Limit } from "./middleware.js";
import { type Customer, EmailTakenError, ensureCustomer } from "./stores/customers.js";

export interface ApiContext {
  deps: ApiDeps;
  limits: typeof DEFAULT_RATE_LIMITS;
  limit: Limit;
  /** The bearer check every account route sits behind. */
  authed: MiddlewareHandler<ApiEnv>;
  /** What per-IP limits count for this request (see http/client-ip.ts). */
  ipSubject(c: Context): string;
  /** The caller's customer row, created on first use (register and session-init may have been lost). */
  customerOf(identity: ApiIdentity): Promise<Customer>;
  /**
   * The language a payment's receipt is written in: the page's (the web app sends it as
   * Accept-Language), else the account's language with the embedded auth server, else none (English).
   */
  receiptLanguage(c: Context<ApiEnv>, identity: ApiIdentity): Promise<string | null>;
}

export function createApiContext(deps: ApiDeps): ApiContext {
  const { db, clock } = deps;
  return {
    deps,
    limits: { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits },
    limit: createLimit(db, clock),
    authed: createAuthed(db, deps.authenticate),
    ipSubject: (c) => rateLimitSubject(clientIp(c, deps.trustedProxies)),
    async customerOf(identity) {
      try {
        // The account is checked again where the row is written: a request authenticated just before
        // its account was deleted must not bring the customer back (docs/architecture.md §2.1).
        return await db.transaction(async (tx) => {
          if (deps.holdLiveAccount && !(await deps.holdLiveAccount(tx, identity.sub))) {
            throw new HttpError(401, "not_authenticated", "Not authenticated", { "WWW-Authenticate": "Bearer" });
          }
          return ensureCustomer(tx, clock, identity.sub, identity.email);
        });
      } catch (err) {
        if (err instanceof EmailTakenError) {
          throw new HttpError(409, "email_taken", "This e-mail belongs to another account. Please contact support.");
        }
        throw err;
      }
    },
    async receiptLanguage(c, identity) {
      const fromPage = fromAcceptLanguage(c.req.header("Accept-Language"));
      if (fromPage) return fromPage;
      // The account's language is auth's (a malformed id finds none).
      return userLanguage(db, identity.sub);
    },
  };
}
