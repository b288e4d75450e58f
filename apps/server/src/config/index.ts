import { existsSync } from "node:fs";
import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { ipv4PoolProblem, ipv6PrefixProblem } from "../address-pool.js";
import { LOOPBACK_PROXIES, parseTrustedProxies } from "../http/index.js";
import { devSurfacesAllowed, listensOnLoopbackOnly } from "./dev-surfaces.js";

export { isDevSurfaceHost } from "./dev-surfaces.js";

import { type SecretRule, secretWeakness } from "./secret-strength.js";

/** The workspace root, found from this file whether it runs from src/ or from the dist bundle. */
function findWorkspaceRoot(from: string): string {
  let dir = from;
  while (!existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}
const repoRoot = findWorkspaceRoot(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The development JWT secret. Documented (README) so local tools can mint tokens; refused in
 * production, where tokens signed with it would be forgeable by anyone who read this file.
 */
export const DEV_JWT_SECRET = "veil-development-jwt-secret-do-not-use-in-production";
/**
 * Development key that encrypts two-factor secrets at rest (README, "Two-factor sign-in"): public
 * knowledge, so refused in production, where it would protect nothing.
 */
export const DEV_MFA_ENCRYPTION_KEY = "veil-development-mfa-encryption-key-do-not-use-in-production";
/** Development callback secret and simulator keys: public knowledge, so refused in production. */
export const DEV_EXNODE_CALLBACK_SECRET = "veil-dev-exnode-callback-secret";
export const DEV_EXNODE_KEYS = { public: "veil-simulator-public-key", private: "veil-simulator-private-key" } as const;

/** Empty strings count as unset, as they do in most shells and .env files. */
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());
const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? fallback : v),
    z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]),
  );
const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/** The environment the server reads (exported for the `.env.example` generator, scripts/env-example.ts). */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("127.0.0.1"),
  /**
   * DANGEROUS. Runs the development surfaces (dev mailbox, payment simulator, test clock) although
   * the server listens beyond loopback or SITE_URL is not a localhost origin: whoever reaches them
   * reads every sign-up and recovery code and marks any invoice paid. Never in production (refused).
   */
  DANGEROUS_DEV_SURFACES_ON_ANY_HOST: flag(false),
  /** Directory holding the built web app (index.html and assets). */
  WEB_DIST: z.string().default(path.join(repoRoot, "apps/web/dist")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),

  // ── database ──
  /** postgres://… — use this Postgres server instead of the embedded PGlite. */
  DATABASE_URL: optionalString,
  /** Where embedded data lives (PGlite in `<DATA_DIR>/pglite`); `memory://` keeps nothing. */
  DATA_DIR: z.string().default(path.join(repoRoot, ".data")),

  // ── auth ──
  /** HS256 secret for access tokens: with hosted Supabase, the project's JWT secret. */
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").default(DEV_JWT_SECRET),
  /** Access-token lifetime in seconds (auth-js refreshes ~90 s before expiry, so keep it well above). */
  JWT_EXP: int(3600, 300, 604_800),
  /** Optional `iss` claim (hosted Supabase uses https://<ref>.supabase.co/auth/v1). */
  JWT_ISSUER: optionalString,
  /**
   * Hosted Supabase projects on asymmetric signing keys: their JWKS
   * (https://<ref>.supabase.co/auth/v1/.well-known/jwks.json). ES256/RS256 tokens are then checked
   * against it; HS256 tokens still against JWT_SECRET.
   */
  JWT_JWKS_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  /** Public origin of the web app, used in mail links. */
  SITE_URL: z.url().default("http://localhost:8080"),
  /** Extra origins the web app may fetch from (CSP connect-src), e.g. a hosted Supabase project's URL. */
  CSP_CONNECT_SRC: z.preprocess(
    (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : (v ?? [])),
    z.array(z.url().transform((u) => new URL(u).origin)).transform((origins) => [...new Set(origins)]),
  ),
  AUTH_DISABLE_SIGNUP: flag(false),
  /**
   * Encrypts TOTP secrets at rest and keys the recovery-code hashes (src/auth/mfa/). Changing it
   * makes every enrolled factor unreadable, so generate it once (openssl rand -base64 48).
   */
  MFA_ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").default(DEV_MFA_ENCRYPTION_KEY),
  /** When on, a password-login session must send `current_password` to set a new password. */
  AUTH_PASSWORD_CHANGE_NEEDS_CURRENT: flag(false),
  /**
   * How long a session lives at most, whatever its use (GoTrue's sessions.timebox), and how long it
   * survives without a refresh (sessions.inactivity_timeout). Seconds; 0 turns the limit off. An
   * ended session refreshes to 400 `session_expired` and its access tokens are refused.
   */
  /**
   * Secure password change (GoTrue's, with its 24 h): a session signed in longer ago than this must
   * confirm a new password with a mailed code (`GET /reauthenticate`, then `nonce`). 0 = always.
   */
  AUTH_SECURE_PASSWORD_CHANGE_WINDOW_SECONDS: int(86_400, 0, 30 * 86_400),
  AUTH_SESSION_TIMEBOX_SECONDS: int(30 * 86_400, 0, 10 * 365 * 86_400),
  AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: int(7 * 86_400, 0, 10 * 365 * 86_400),
  /**
   * Addresses or CIDR blocks of the reverse proxies in front of the server (comma or space
   * separated). X-Forwarded-For is believed only from these, read from the right past each of them
   * (src/http/client-ip.ts). Empty: the socket's peer is the client.
   */
  TRUSTED_PROXIES: z.preprocess(
    (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : (v ?? [])),
    z.array(z.string()).superRefine((entries, ctx) => {
      try {
        parseTrustedProxies(entries);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
      }
    }),
  ),
  /**
   * Deprecated: it used to believe X-Forwarded-For from any peer. Now ≥ 1 (with TRUSTED_PROXIES
   * unset) trusts a proxy on this machine only (loopback); list other proxies in TRUSTED_PROXIES.
   */
  TRUST_PROXY_HOPS: int(0, 0, 10),
  /**
   * Password hashes (bcrypt) running at once (default: half the cores, at least 1), and how many
   * more may wait; beyond that sign-ins get 429 with Retry-After at once. Keeps threads of libuv's
   * pool (4) and CPU free for the event loop and static files.
   */
  PASSWORD_HASH_CONCURRENCY: int(Math.max(1, Math.floor(os.availableParallelism() / 2)), 1, 64),
  PASSWORD_HASH_QUEUE: int(16, 0, 10_000),
  /**
   * Time a client has to send a request's headers, and the whole request (Node's defaults are
   * 60 s and 300 s: slow clients could hold connections that long). Replies may take longer.
   */
  HTTP_HEADERS_TIMEOUT_MS: int(10_000, 100, 120_000),
  HTTP_REQUEST_TIMEOUT_MS: int(30_000, 100, 300_000),
  /**
   * How long an idle keep-alive connection stays open (Node's default is 5 s). A proxy or load
   * balancer that reuses a connection the server has just closed gets a reset, which it turns into
   * a 502: keep it longer than theirs (nginx 60 s, AWS ALB 60 s).
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: int(65_000, 1_000, 600_000),
  /** Per-IP request limits per 5 minutes (GoTrue's defaults). */
  RATE_LIMIT_TOKEN_PER_5MIN: int(150, 1, 100_000),
  RATE_LIMIT_VERIFY_PER_5MIN: int(30, 1, 100_000),
  RATE_LIMIT_OTP_PER_5MIN: int(30, 1, 100_000),
  /** Per-IP account lookups (`/api/user/web/by-email`) per 5 minutes. */
  RATE_LIMIT_ACCOUNT_LOOKUP_PER_5MIN: int(30, 1, 100_000),
  /**
   * Wrong authenticator (TOTP) codes per account, from anywhere, per 30 minutes (auth/mfa/guards.ts
   * says why 5). At most 20: with a stolen password, each allowed guess is a 1-in-a-million chance
   * at the second factor, so a large value would let it fall within hours.
   */
  RATE_LIMIT_TOTP_FAILURES_PER_30MIN: int(5, 1, 20),
  /**
   * Wrong recovery codes per account and client network per 15 minutes. Codes have 80 bits, so this
   * only stops hammering; another network (the owner's) is not held up.
   */
  RATE_LIMIT_RECOVERY_CODE_FAILURES_PER_15MIN: int(10, 1, 100_000),
  /** Mails one address may receive per hour, and the gap between two of them. */
  MAIL_PER_ADDRESS_PER_HOUR: int(10, 1, 1000),
  MAIL_RESEND_SECONDS: int(30, 1, 3600),

  // ── mail ──
  /** `dev` stores mail in the db outbox and shows it at /dev/mailbox; `smtp` sends through SMTP_URL. */
  MAIL_TRANSPORT: z.enum(["dev", "smtp"]).optional(),
  /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer URL). */
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Veil <no-reply@veil.localhost>"),

  // ── product API and payments (README: "Payments") ──
  /** Where contact-form messages are mailed. */
  SUPPORT_EMAIL: z.email().default("support@veil.localhost"),
  /** Off with hosted Supabase: there are no local sessions to check, only the signed token. */
  API_CHECK_LOCAL_SESSION: flag(true),
  /** `simulator` (default outside production; refused in production) or `exnode`. */
  PAYMENT_PROVIDER: z.enum(["exnode", "simulator"]).optional(),
  EXNODE_BASE_URL: z.url().default("https://my.exnode.io"),
  /** Merchant API keys; the simulator accepts its development pair when these are unset. */
  EXNODE_PUBLIC_KEY: optionalString,
  EXNODE_PRIVATE_KEY: optionalString,
  /** Secret path segment of the callback URL (/api/exnode/callback/<secret>); ≥ 16 characters. */
  EXNODE_CALLBACK_SECRET: z.string().min(16, "must be at least 16 characters").default(DEV_EXNODE_CALLBACK_SECRET),
  /** Public origin Exnode posts callbacks to; defaults to SITE_URL (simulator: the server's own URL). */
  EXNODE_CALLBACK_BASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  /** Time limit for one request to Exnode. */
  EXNODE_TIMEOUT_MS: int(10_000, 100, 120_000),
  /** How often pending invoices are re-checked with the provider; 0 = only at start-up and on demand. */
  RECONCILE_INTERVAL_SECONDS: int(60, 0, 86_400),
  /** How often renewal reminders are looked for (docs/product.md §11.3); 0 = only at start-up. */
  REMINDER_INTERVAL_SECONDS: int(300, 0, 86_400),
  // ── access: devices and nodes (docs/product.md, "Devices and servers") ──
  /** Devices one account may have. */
  DEVICE_LIMIT: int(5, 1, 100),
  /** IPv4 block devices' tunnel addresses come from (the first two addresses are the network and the DNS/gateway). */
  DEVICE_IPV4_POOL: z
    .string()
    .default("10.64.0.0/10")
    .refine((v) => ipv4PoolProblem(v) === null, {
      message: "must be an IPv4 CIDR block of /8 to /28, e.g. 10.64.0.0/10",
    }),
  /** IPv6 ULA prefix (/48 to /64) devices' tunnel addresses come from; the device's number is the host part. */
  DEVICE_IPV6_PREFIX: z
    .string()
    .default("fd00:7665:696c::/48")
    .refine((v) => ipv6PrefixProblem(v) === null, { message: "must be an IPv6 prefix of /48 to /64 in fc00::/7" }),
  /** Seconds a freed address waits before another device may get it (a stale peer never reaches a new owner). */
  DEVICE_ADDRESS_QUARANTINE_SECONDS: int(86_400, 0, 90 * 86_400),
  /** Device creations and re-keys per account per hour. */
  RATE_LIMIT_DEVICE_CHANGES_PER_HOUR: int(20, 1, 100_000),
  /** DNS servers written into configs (comma separated). */
  VPN_DNS: z.preprocess(
    (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : (v ?? ["10.64.0.1", "fd00:7665:696c::1"])),
    z.array(z.string().refine((a) => isIP(a) !== 0, "must be IP addresses")).min(1),
  ),
  /** A node counts as online while its last sync is at most this old. */
  NODE_ONLINE_SECONDS: int(120, 10, 86_400),
  /** Node API requests per node token per minute. */
  RATE_LIMIT_NODE_PER_MINUTE: int(600, 1, 1_000_000),
  /**
   * Refused node tokens per client network per 5 minutes; past it the node API answers every further
   * refused token from that network 429 until the window ends (a right token is always served, so a
   * neighbour cannot cut a node off). An agent whose token was rotated away asks
   * at most about 25 times in 5 minutes, so the default does not lock it out by itself.
   */
  RATE_LIMIT_NODE_AUTH_FAILURES_PER_5MIN: int(30, 1, 100_000),
  /** How long the peer change log is kept; a node behind by more starts over with the full set. */
  ACCESS_LOG_RETENTION_SECONDS: int(7 * 86_400, 60, 365 * 86_400),
  /**
   * Development only: create one demo node ("Demo", with a key pair of its own) so a newcomer gets
   * a config without running a VPN server. On by default where the development surfaces run;
   * refused in production.
   */
  DEV_DEMO_NODE: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]).optional(),
  ),
  /**
   * HMAC key of the one-click unsubscribe links in reminder mail (production: ≥ 32 random
   * characters). Unset: a key derived from JWT_SECRET, which production already refuses at its
   * development value, so the links are never signed with a published key.
   */
  REMINDER_UNSUBSCRIBE_SECRET: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  /** Test only: `crash-before-settlement-commit` kills the process inside a settlement (crash test). */
  TEST_FAILPOINT: z.enum(["crash-before-settlement-commit"]).optional(),
  /**
   * Test only: an ISO instant the server's clock is frozen at (it then moves only through
   * /dev/clock). The web visual-regression suite uses it so dates, days left and expiries on screen
   * are the same in every run. Refused in production.
   */
  TEST_CLOCK_START: z.preprocess((v) => (v === "" ? undefined : v), z.iso.datetime({ offset: true }).optional()),
  /**
   * Test only: the bcrypt cost of new password hashes instead of 10 (4 is bcrypt's lowest). The test
   * suites sign up and sign in thousands of times; at cost 10 each hash takes ~50 ms of CPU (far
   * more on a loaded box), at 4 under 3 ms. Hashes keep their own cost, so a cost-10 hash still
   * verifies. Refused in production.
   */
  /**
   * Test only: with DATA_DIR=memory://, start from a migrated PGlite dump cached in this directory
   * (made on first use) instead of initdb and migrations, which took most of a browser-suite
   * server's start. Refused in production.
   */
  TEST_PGLITE_TEMPLATE_DIR: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  TEST_PASSWORD_HASH_COST: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(4).max(10).optional(),
  ),

  // ── operations (docs/operations.md) ──
  /**
   * On SIGTERM, how long /readyz answers 503 while requests are still served, so load balancers
   * stop sending new ones before the process stops accepting (set above their check interval).
   */
  SHUTDOWN_DRAIN_SECONDS: int(0, 0, 300),
  /** Serve Prometheus metrics at /metrics on this port of their own (0 picks a free one). */
  METRICS_PORT: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** Interface of the metrics port: loopback unless the scraper is elsewhere. */
  METRICS_HOST: z.string().default("127.0.0.1"),
  /** Or: serve /metrics on the main port to requests with `Authorization: Bearer <this>` (≥ 32 characters). */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type Config = Omit<ParsedEnv, "MAIL_TRANSPORT" | "LOG_LEVEL" | "PAYMENT_PROVIDER" | "DEV_DEMO_NODE"> & {
  /** Create the development demo node (never in production). */
  DEV_DEMO_NODE: boolean;
  PAYMENT_PROVIDER: "exnode" | "simulator";
  production: boolean;
  /** Development surfaces may run: loopback only with a localhost SITE_URL, or the dangerous opt-in (src/config/dev-surfaces.ts). */
  devSurfaces: boolean;
  MAIL_TRANSPORT: "dev" | "smtp";
  LOG_LEVEL: NonNullable<ParsedEnv["LOG_LEVEL"]>;
};

const JWT_SECRET_RULE: SecretRule = { minLength: 32, minBits: 96, published: [DEV_JWT_SECRET] };
const MFA_KEY_RULE: SecretRule = { minLength: 32, minBits: 96, published: [DEV_MFA_ENCRYPTION_KEY, DEV_JWT_SECRET] };
const CALLBACK_SECRET_RULE: SecretRule = {
  minLength: 32,
  minBits: 96,
  published: [DEV_EXNODE_CALLBACK_SECRET, DEV_JWT_SECRET],
};

/**
 * The secrets a server others can reach must have of its own: the development defaults are
 * published, so with them anyone could sign tokens (and derive what JWT_SECRET keys), decrypt
 * authenticators or fake paid invoices. `where` names the variable's context in each line.
 */
function secretProblems(env: ParsedEnv, where = ""): string[] {
  const problems: string[] = [];
  const jwtWeakness = secretWeakness(env.JWT_SECRET, JWT_SECRET_RULE);
  if (jwtWeakness) problems.push(`  JWT_SECRET${where}: ${jwtWeakness}`);
  const mfaKeyWeakness = secretWeakness(env.MFA_ENCRYPTION_KEY, MFA_KEY_RULE);
  if (mfaKeyWeakness) problems.push(`  MFA_ENCRYPTION_KEY${where}: ${mfaKeyWeakness}`);
  if (env.MFA_ENCRYPTION_KEY === env.JWT_SECRET) {
    problems.push(
      `  MFA_ENCRYPTION_KEY${where}: must differ from JWT_SECRET (a leaked signing secret must not unlock factors)`,
    );
  }
  const callbackWeakness = secretWeakness(env.EXNODE_CALLBACK_SECRET, CALLBACK_SECRET_RULE);
  if (callbackWeakness) problems.push(`  EXNODE_CALLBACK_SECRET${where}: ${callbackWeakness}`);
  return problems;
}

/**
 * Outside production, a process listening beyond loopback is reachable all the same (issue #25: a
 * start with HOST=0.0.0.0, SMTP and the real gateway but no NODE_ENV ran on the published secrets):
 * it needs secrets of its own, whatever NODE_ENV says. Loopback starts keep the defaults.
 */
function reachableSecretProblems(env: ParsedEnv): string[] {
  if (listensOnLoopbackOnly(env.HOST)) return [];
  const where = ` (HOST=${env.HOST} listens beyond loopback, whatever NODE_ENV says)`;
  const problems = secretProblems(env, where);
  // The test suites' cheap hashes would be cracked far faster, and sign-ins would rehash real ones down.
  if (env.TEST_PASSWORD_HASH_COST) problems.push(`  TEST_PASSWORD_HASH_COST: test-only, refused${where}`);
  return problems;
}

/** Production must never run on guessable secrets, plain-HTTP public URLs or development surfaces. */
function productionProblems(env: ParsedEnv, transport: Config["MAIL_TRANSPORT"]): string[] {
  const problems: string[] = secretProblems(env).filter((p) => !p.startsWith("  EXNODE_CALLBACK_SECRET"));
  if (new URL(env.SITE_URL).protocol !== "https:") {
    problems.push("  SITE_URL: must be https in production (mail links and the payment redirect use it)");
  }
  if (env.EXNODE_CALLBACK_BASE_URL && new URL(env.EXNODE_CALLBACK_BASE_URL).protocol !== "https:") {
    problems.push("  EXNODE_CALLBACK_BASE_URL: must be https in production (the callback path holds a secret)");
  }
  if ((env.PAYMENT_PROVIDER ?? "exnode") === "exnode" && new URL(env.EXNODE_BASE_URL).protocol !== "https:") {
    // Over plain http anyone on the path reads the merchant keys and forges "SUCCESS" answers,
    // and settlement believes the provider's answer.
    problems.push(
      "  EXNODE_BASE_URL: must be https in production (keys travel with every call; its answers credit days)",
    );
  }
  if (transport === "dev") {
    problems.push("  MAIL_TRANSPORT: the dev mailbox is refused in production; use MAIL_TRANSPORT=smtp with SMTP_URL");
  }
  if (env.PAYMENT_PROVIDER === "simulator") {
    problems.push("  PAYMENT_PROVIDER: the gateway simulator is refused in production; use exnode");
  }
  const callbackWeakness = secretWeakness(env.EXNODE_CALLBACK_SECRET, CALLBACK_SECRET_RULE);
  if (callbackWeakness) problems.push(`  EXNODE_CALLBACK_SECRET: ${callbackWeakness}`);
  // Anyone holding the key can unsubscribe any customer from reminders (docs/product.md §11.3).
  const unsubscribeWeakness =
    env.REMINDER_UNSUBSCRIBE_SECRET && secretWeakness(env.REMINDER_UNSUBSCRIBE_SECRET, CALLBACK_SECRET_RULE);
  if (unsubscribeWeakness) problems.push(`  REMINDER_UNSUBSCRIBE_SECRET: ${unsubscribeWeakness}`);
  const metricsWeakness = env.METRICS_TOKEN && secretWeakness(env.METRICS_TOKEN, CALLBACK_SECRET_RULE);
  if (metricsWeakness) problems.push(`  METRICS_TOKEN: ${metricsWeakness}`);
  if (env.TEST_FAILPOINT) problems.push("  TEST_FAILPOINT: test-only, refused in production");
  if (env.TEST_CLOCK_START) problems.push("  TEST_CLOCK_START: test-only, refused in production");
  if (env.TEST_PASSWORD_HASH_COST) problems.push("  TEST_PASSWORD_HASH_COST: test-only, refused in production");
  if (env.TEST_PGLITE_TEMPLATE_DIR) problems.push("  TEST_PGLITE_TEMPLATE_DIR: test-only, refused in production");
  if (env.DEV_DEMO_NODE) problems.push("  DEV_DEMO_NODE: the demo node is for development, refused in production");
  if (env.DANGEROUS_DEV_SURFACES_ON_ANY_HOST) {
    problems.push("  DANGEROUS_DEV_SURFACES_ON_ANY_HOST: development surfaces are refused in production");
  }
  return problems;
}

/**
 * Outside production, the development surfaces that would be on although this process may not run
 * them (it listens beyond loopback, or SITE_URL is not a localhost origin): refused at start-up
 * rather than started silently open, or started without them and half working.
 */
function exposedDevSurfaceProblems(
  env: ParsedEnv,
  transport: Config["MAIL_TRANSPORT"],
  paymentProvider: Config["PAYMENT_PROVIDER"],
): string[] {
  const why = `HOST=${env.HOST}, SITE_URL=${env.SITE_URL}`;
  const fix =
    "listen on loopback with a localhost SITE_URL, or (dangerous: anyone who reaches it takes over accounts) set DANGEROUS_DEV_SURFACES_ON_ANY_HOST=true";
  const problems: string[] = [];
  if (transport === "dev") {
    problems.push(
      `  MAIL_TRANSPORT: the dev mailbox shows every code to whoever reaches it and is not run here (${why}); use MAIL_TRANSPORT=smtp with SMTP_URL, or ${fix}`,
    );
  }
  if (paymentProvider === "simulator") {
    problems.push(
      `  PAYMENT_PROVIDER: the gateway simulator lets anyone mark invoices paid and is not run here (${why}); use PAYMENT_PROVIDER=exnode, or ${fix}`,
    );
  }
  if (env.TEST_CLOCK_START) problems.push(`  TEST_CLOCK_START: the test clock is not run here (${why}); ${fix}`);
  return problems;
}

/** Parses the environment once. Throws a readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const vars = parsed.data;
  const production = vars.NODE_ENV === "production";
  const transport: Config["MAIL_TRANSPORT"] = vars.MAIL_TRANSPORT ?? (production ? "smtp" : "dev");
  const paymentProvider = vars.PAYMENT_PROVIDER ?? (production ? "exnode" : "simulator");
  const devSurfaces = !production && devSurfacesAllowed(vars);
  const problems = production
    ? productionProblems(vars, transport)
    : [
        ...reachableSecretProblems(vars),
        ...(devSurfaces ? [] : exposedDevSurfaceProblems(vars, transport, paymentProvider)),
      ];
  // auth-js refreshes only shortly before the access token expires: an inactivity timeout shorter
  // than the token's lifetime would end every session between two refreshes.
  if (
    vars.AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS > 0 &&
    vars.AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS <= vars.JWT_EXP
  ) {
    problems.push("  AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: must be longer than JWT_EXP (or 0 for no limit)");
  }
  if (transport === "smtp" && !vars.SMTP_URL) problems.push("  SMTP_URL: required when mail goes through SMTP");
  if (paymentProvider === "exnode" && !(vars.EXNODE_PUBLIC_KEY && vars.EXNODE_PRIVATE_KEY)) {
    problems.push("  EXNODE_PUBLIC_KEY, EXNODE_PRIVATE_KEY: required when PAYMENT_PROVIDER is exnode");
  }
  if (vars.HTTP_HEADERS_TIMEOUT_MS > vars.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push("  HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS");
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  const logLevel: Config["LOG_LEVEL"] = vars.LOG_LEVEL ?? (vars.NODE_ENV === "test" ? "warn" : "info");
  const trustedProxies =
    vars.TRUSTED_PROXIES.length === 0 && vars.TRUST_PROXY_HOPS > 0 ? LOOPBACK_PROXIES : vars.TRUSTED_PROXIES;
  return {
    ...vars,
    production,
    devSurfaces,
    MAIL_TRANSPORT: transport,
    LOG_LEVEL: logLevel,
    PAYMENT_PROVIDER: paymentProvider,
    TRUSTED_PROXIES: trustedProxies,
    DEV_DEMO_NODE: !production && (vars.DEV_DEMO_NODE ?? devSurfaces),
  };
}
