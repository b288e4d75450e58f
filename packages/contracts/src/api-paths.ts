/** Paths and limits of the product API (docs/product.md §7.1) that need no schema; see api.ts for the bodies. */

/** Endpoints of the product API, relative to `/api`. */
export const API_PATHS = {
  userByEmail: "/user/web/by-email",
  registerUser: "/user/web/register",
  /** The session initialisation of docs/product.md §4.5: it (re)creates the product account idempotently. */
  initSession: "/user/web/init-session",
  deleteAccount: "/user/web/delete",
  /** The caller's own data as a JSON download (docs/product.md §11, "Data export"). */
  dataExport: "/user/web/export",
  /** The caller's live sign-in sessions (docs/product.md §11.5, "Sessions"). */
  sessions: "/user/web/sessions",
  /** One of them, to end it: `sessionPath(id)` fills in the id. */
  session: "/user/web/sessions/:id",
  subscriptionInfo: "/subscription/web/info",
  payments: "/payment/web/all",
  contact: "/contact/web/send",
  tokens: "/exnode/tokens",
  paymentInit: "/payment/web/init",
  invoice: "/exnode/invoice",
  plans: "/plans/",
  /** Renewal reminders (docs/product.md §11.3): both take the mail's signed `?token=`. */
  reminderStatus: "/reminders/status",
  reminderUnsubscribe: "/reminders/unsubscribe",
  /** Access (docs/product.md, "Devices and servers"): the public server list and the caller's devices. */
  servers: "/servers",
  devices: "/devices",
  device: "/devices/:id",
  deviceConfig: "/devices/:id/config",
} as const;

/** The path that ends the caller's session `id` (`DELETE`). */
export function sessionPath(id: string): string {
  return API_PATHS.session.replace(":id", encodeURIComponent(id));
}

/** Sessions a session list holds at most: the current one, then the most recently used. */
export const SESSION_LIST_LIMIT = 100;

/** Longest contact name and message the API accepts. */
export const CONTACT_LIMITS = { name: 100, message: 5000 } as const;

/** The states a payment can be in. */
export const PAYMENT_STATUSES = ["success", "pending", "rejected"] as const;
