/**
 * The product API (docs/product.md §7.1), mounted at `/api`: this file wires it; the plumbing is in
 * middleware.ts, the routes in routes/ (one file per resource), what it is built from in deps.ts.
 */
import { Hono } from "hono";
import type { Logger } from "pino";
import { type Auth, exportAuthData, holdLiveAccount, sessionLimitsOf } from "../auth/index.js";
import type { Clock } from "../clock.js";
import type { Config } from "../config/index.js";
import type { Db } from "../db/index.js";
import type { DeviceService } from "../devices/index.js";
import { parseTrustedProxies } from "../http/index.js";
import type { Mail } from "../mail/index.js";
import type { Nodes } from "../nodes/index.js";
import type { Payments } from "../payments/index.js";
import type { Reminders } from "../reminders/index.js";
import { createApiContext } from "./context.js";
import type { ApiDeps } from "./deps.js";
import { detail } from "./errors.js";
import type { ApiEnv } from "./identity.js";
import { createApiAuthenticator, createAuthUserLookup, createLocalAccountDeleter } from "./local-auth.js";
import { apiBodyLimit, apiErrorHandler, apiRequestPlumbing } from "./middleware.js";
import { mountReferenceRoutes } from "./reference/index.js";
import { mountAccessRoutes } from "./routes/access.js";
import { mountCallbackRoute } from "./routes/callback.js";
import { mountCatalogueRoutes } from "./routes/catalogue.js";
import { mountCheckoutRoutes } from "./routes/checkout.js";
import { mountContactRoutes } from "./routes/contact.js";
import { mountReminderRoutes } from "./routes/reminders.js";
import { mountSessionRoutes } from "./routes/sessions.js";
import { mountSubscriptionRoutes } from "./routes/subscription.js";
import { mountUserRoutes } from "./routes/users.js";
import { createSessionDirectory } from "./sessions.js";

export { type ApiDeps, DEFAULT_RATE_LIMITS, PAYMENT_HISTORY_LIMIT } from "./deps.js";
export type { ApiEnv, ApiIdentity } from "./identity.js";
export { type ContactMessage, listContactMessages } from "./stores/contact-messages.js";
export type { Customer } from "./stores/customers.js";
export {
  ensureCustomer,
  findCustomerByEmail,
  findCustomerById,
  holdCustomer,
  listCustomers,
  searchCustomers,
  setCustomerBlocked,
} from "./stores/customers.js";
export type { SupportMessage } from "./support-mail.js";

/** The product API's router: plumbing, then each resource's routes, then 404 for the rest. */
export function createApiRouter(deps: ApiDeps): Hono<ApiEnv> {
  const api = new Hono<ApiEnv>();
  api.use("*", apiRequestPlumbing);
  api.use("*", apiBodyLimit);

  const ctx = createApiContext(deps);
  mountUserRoutes(api, ctx);
  mountSessionRoutes(api, ctx);
  mountSubscriptionRoutes(api, ctx);
  mountContactRoutes(api, ctx);
  mountCatalogueRoutes(api, ctx);
  mountCheckoutRoutes(api, ctx);
  mountCallbackRoute(api, ctx);
  mountReminderRoutes(api, ctx);
  mountReferenceRoutes(api);
  mountAccessRoutes(api, ctx);

  // Mounted under the app, a sub-router's notFound is not consulted: catch the rest here so an
  // unknown /api path never falls through to the web app's HTML.
  api.all("*", (c) => detail(c, 404, "not_found", "Not Found"));
  api.onError(apiErrorHandler(deps.logger));
  return api;
}

/**
 * The product API wired to this process's services: tokens verified by the auth module (plus the
 * local session check unless API_CHECK_LOCAL_SESSION is off), mail through the outbox,
 * redirects allowed to SITE_URL's origin and the server's own.
 */
export function createProductApi(services: {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  mail: Mail;
  auth: Auth;
  payments: Payments;
  reminders: Pick<Reminders, "unsubscribe">;
  devices: DeviceService;
  nodes: Pick<Nodes, "servers" | "server">;
}): Hono {
  const { config, db, clock } = services;
  const router = createApiRouter({
    db,
    clock,
    logger: services.logger.child({ module: "api" }),
    payments: services.payments.service,
    authenticate: createApiAuthenticator({
      verify: (token) => services.auth.verify(token),
      db,
      clock,
      checkLocalSession: config.API_CHECK_LOCAL_SESSION,
      sessionLimits: sessionLimitsOf(config),
    }),
    ...(config.API_CHECK_LOCAL_SESSION
      ? {
          lookupAuthUser: createAuthUserLookup({ db, clock }),
          deleteAccount: createLocalAccountDeleter({ db, clock }),
          exportAuthData: (userId: string) => exportAuthData(db, userId),
          holdLiveAccount,
          sessions: createSessionDirectory({ db, clock, limits: sessionLimitsOf(config) }),
        }
      : {}),
    mail: services.mail,
    supportEmail: config.SUPPORT_EMAIL,
    allowedRedirectOrigins: () => {
      const origins = [new URL(config.SITE_URL).origin];
      const own = services.payments.ownUrl();
      if (own) {
        const url = new URL(own);
        origins.push(url.origin);
        // The server announces its loopback address as "localhost" (see server.ts).
        if (url.hostname === "127.0.0.1") origins.push(`${url.protocol}//localhost:${url.port}`);
      }
      return origins;
    },
    reminders: services.reminders.unsubscribe,
    callbackSecret: config.EXNODE_CALLBACK_SECRET,
    trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
    access: { devices: services.devices, nodes: services.nodes, dns: config.VPN_DNS },
    rateLimits: {
      byEmailPerIp: { limit: config.RATE_LIMIT_ACCOUNT_LOOKUP_PER_5MIN, windowSeconds: 300 },
      deviceChangesPerCustomer: { limit: config.RATE_LIMIT_DEVICE_CHANGES_PER_HOUR, windowSeconds: 3600 },
    },
  });
  return router as unknown as Hono;
}
