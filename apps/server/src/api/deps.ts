/** What the product API is built from (`createApiRouter`), and its default per-route limits. */
import type { Logger } from "pino";
import type { AuthDataExport } from "../auth/index.js";
import type { Clock } from "../clock.js";
import type { Db, Queryable } from "../db/index.js";
import type { DeviceService } from "../devices/index.js";
import type { TrustedProxies } from "../http/index.js";
import type { Mail } from "../mail/index.js";
import type { Nodes } from "../nodes/index.js";
import type { PaymentsService } from "../payments/index.js";
import type { RateRule } from "../rate-limit/index.js";
import type { ReminderUnsubscribe } from "../reminders/index.js";
import type { ApiIdentity } from "./identity.js";
import type { DeleteAccountResult } from "./local-auth.js";
import type { SessionDirectory } from "./sessions.js";

export interface ApiDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  payments: PaymentsService;
  /**
   * Verifies a bearer token (signature, expiry, audience) and that its user may still act:
   * the identity, "blocked" for a banned user, or null (missing, invalid, expired, signed out).
   */
  authenticate(token: string): Promise<ApiIdentity | "blocked" | null>;
  /** The embedded auth server's view of an e-mail, when it runs in this process. */
  lookupAuthUser?(email: string): Promise<{ blocked: boolean } | null>;
  /**
   * Password-confirmed account deletion (embedded auth server only). Absent with hosted Supabase,
   * where deletion belongs to the identity provider.
   */
  deleteAccount?(userId: string, password: string): Promise<DeleteAccountResult>;
  /** The auth module's part of a data export (embedded auth server only: account and sessions). */
  exportAuthData?(userId: string): Promise<AuthDataExport>;
  /**
   * Inside `tx`: whether the caller's account still exists, held until `tx` ends (embedded auth
   * server only), so a deletion running meanwhile waits instead of being undone.
   */
  holdLiveAccount?(tx: Queryable, userId: string): Promise<boolean>;
  /** The caller's sessions (embedded auth server only; docs/product.md §11.5). */
  sessions?: SessionDirectory;
  /** The mail module's outbox: contact messages are queued in the same transaction that stores them. */
  mail?: Pick<Mail, "enqueue" | "kick">;
  /** Where contact messages are mailed. */
  supportEmail: string;
  /** Origins `redirect_url` may point to: our own site only. */
  allowedRedirectOrigins(): string[];
  /** The reminders module's side of the unsubscribe link (the `reminder…` routes). */
  reminders: ReminderUnsubscribe;
  /** The secret path segment of the provider's callback URL. */
  callbackSecret: string;
  /** Reverse proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES). */
  trustedProxies: TrustedProxies;
  /** Devices and the server list (routes/access.ts); `dns` goes into every config. */
  access: { devices: DeviceService; nodes: Pick<Nodes, "servers" | "server">; dns: readonly string[] };
  /** Overrides for the per-route rate limits (tests use small numbers). */
  rateLimits?: Partial<typeof DEFAULT_RATE_LIMITS>;
}

export const DEFAULT_RATE_LIMITS = {
  /** Account lookups per IP: enough for a person, slow for enumeration. */
  byEmailPerIp: { limit: 30, windowSeconds: 300 },
  contactPerIp: { limit: 5, windowSeconds: 3600 },
  contactPerEmail: { limit: 5, windowSeconds: 3600 },
  tokensPerIp: { limit: 60, windowSeconds: 300 },
  /** Password tries for account deletion per user. */
  deletePerUser: { limit: 5, windowSeconds: 3600 },
  /** Checkout steps per customer (each may call the provider). */
  checkoutPerCustomer: { limit: 30, windowSeconds: 3600 },
  /** Data exports per user: each reads every table the user has rows in. */
  exportPerUser: { limit: 10, windowSeconds: 3600 },
  /** Device creations and re-keys per customer (RATE_LIMIT_DEVICE_CHANGES_PER_HOUR). */
  deviceChangesPerCustomer: { limit: 20, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

/** Payment history rows returned at most (newest first). */
export const PAYMENT_HISTORY_LIMIT = 100;
