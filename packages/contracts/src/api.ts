import { API_ERROR_CODES } from "./api-errors.js";
import { CONTACT_LIMITS, PAYMENT_STATUSES } from "./api-paths.js";
import { CURRENCY } from "./constants.js";
import { PLAN_NAMES } from "./plans.js";
import { z } from "./zod.js";

/**
 * Request and reply bodies of the product API (docs/product.md §7.1); the paths are in api-paths.ts.
 * The server validates requests with these and the web app parses replies with them,
 * so a drift between the two fails a test instead of a customer.
 */

export const planNameSchema = z.enum(PLAN_NAMES);

/**
 * A token code as the provider spells it. The provider may list tokens beyond our table, so the
 * schema accepts any short upper-case code; `tokenLabel` falls back to the code itself.
 */
export const tokenCodeSchema = z
  .string()
  .regex(/^[A-Z0-9]{2,16}$/, "Token codes are 2–16 upper-case letters or digits");

/** An e-mail address as typed: trimmed, at most 254 characters (RFC 5321 path limit). */
export const emailSchema = z.string().trim().max(254).pipe(z.email());

// ── users ────────────────────────────────────────────────────────────────────
export const emailRequestSchema = z.strictObject({ email: emailSchema });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

export const userByEmailRequestSchema = emailRequestSchema;
export const userReplySchema = z.object({ email: z.string() });
export type UserReply = z.infer<typeof userReplySchema>;

export const registerUserRequestSchema = emailRequestSchema;
export const initSessionRequestSchema = emailRequestSchema;
/** register and init-session: the product account's address (the caller's, as stored). */
export const registerReplySchema = z.object({ status: z.literal("success"), email: z.string() });
export type RegisterReply = z.infer<typeof registerReplySchema>;

/**
 * The data export's JSON document (docs/product.md §11, "Data export"): only its frame is fixed
 * here, the parts are each module's own.
 */
export const dataExportSchema = z.looseObject({
  exported_at: z.iso.datetime({ offset: true }),
  account: z.looseObject({ email: z.string() }),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const deleteAccountRequestSchema = z.strictObject({
  password: z.string().min(1).max(1024),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

// ── sessions ─────────────────────────────────────────────────────────────────
/** Kinds of device a User-Agent names. */
export const SESSION_DEVICES = ["desktop", "mobile", "tablet", "tv"] as const;

/**
 * One live sign-in session of the caller (docs/product.md §11.5). Browser and system are parsed
 * from the User-Agent the session signed in (or last refreshed) with, and are null when it names
 * none the parser knows; the raw header is never echoed.
 */
export const deviceSessionSchema = z.object({
  id: z.uuid(),
  /** The session of the access token that asked: "this device". */
  current: z.boolean(),
  /** ISO 8601: when the session signed in. */
  created_at: z.iso.datetime({ offset: true }),
  /** ISO 8601: its last token refresh, else its sign-in. */
  last_used_at: z.iso.datetime({ offset: true }),
  /** e.g. "Chrome", "Firefox", "Safari". */
  browser: z.string().max(64).nullable(),
  /** The browser's major version, e.g. "131". */
  browser_version: z.string().max(16).nullable(),
  /** e.g. "Windows", "macOS", "iOS", "Android", "Linux". */
  os: z.string().max(64).nullable(),
  /** e.g. "17.4", "14"; null for Windows and macOS, whose User-Agents no longer tell it. */
  os_version: z.string().max(32).nullable(),
  device: z.enum(SESSION_DEVICES).nullable(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
/** The current session first, then by last use, newest first. */
export const sessionListSchema = z.array(deviceSessionSchema);

// ── subscription ─────────────────────────────────────────────────────────────
export const subscriptionInfoSchema = z.object({
  is_active: z.boolean(),
  /** The plan last bought, or null for someone who never paid. */
  plan_name: planNameSchema.or(z.string()).nullable(),
  /** Whole days left, rounded up: never 0 while any time remains. */
  days_left: z.number().int().nonnegative(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

// ── payments ─────────────────────────────────────────────────────────────────
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const paymentRowSchema = z.object({
  /** ISO 8601 timestamp of when the payment was started. */
  date: z.iso.datetime({ offset: true }),
  /** Amount in US dollars. */
  amount: z.number().nonnegative(),
  /** The token (payment method) code. */
  method: z.string(),
  status: paymentStatusSchema,
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;
export const paymentListSchema = z.array(paymentRowSchema);

// ── contact ──────────────────────────────────────────────────────────────────
/** Control characters: none in a name; a message may keep line breaks and tabs. */
const CONTROL = /[\p{Cc}]/u;
const CONTROL_EXCEPT_WHITESPACE = /[^\P{Cc}\t\n\r]/u;
/**
 * A contact-form message. No control characters: a NUL cannot even be stored, and escape
 * sequences have no place in a support mail.
 */
export const contactRequestSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(CONTACT_LIMITS.name),
    email: emailSchema,
    message: z.string().trim().min(1).max(CONTACT_LIMITS.message),
  })
  .superRefine((value, ctx) => {
    if (CONTROL.test(value.name)) {
      ctx.addIssue({ code: "custom", path: ["name"], message: "Control characters are not allowed" });
    }
    if (CONTROL_EXCEPT_WHITESPACE.test(value.message)) {
      ctx.addIssue({ code: "custom", path: ["message"], message: "Control characters are not allowed" });
    }
  });
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const statusSuccessSchema = z.object({ status: z.literal("success") });
export type StatusSuccess = z.infer<typeof statusSuccessSchema>;

// ── plans and tokens ─────────────────────────────────────────────────────────
export const planSchema = z.object({
  id: z.number().int().positive(),
  name: planNameSchema,
  /** Price in US dollars. */
  price: z.number().positive(),
  days: z.number().int().positive(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

export const tokenSchema = z.object({ code: tokenCodeSchema, label: z.string() });
export type Token = z.infer<typeof tokenSchema>;
export const tokenListSchema = z.array(tokenSchema);

// ── checkout ─────────────────────────────────────────────────────────────────
export const paymentInitRequestSchema = z.strictObject({
  plan_id: z.number().int().positive(),
  amount: z.number().positive(),
  currency: z.literal(CURRENCY),
  payment_method: tokenCodeSchema,
  /**
   * Optional: where the receipt is mailed once the payment is credited (the checkout's "Email for
   * the receipt"). Without it the receipt goes to the account's e-mail.
   */
  receipt_email: emailSchema.optional(),
});
export type PaymentInitRequest = z.infer<typeof paymentInitRequestSchema>;

export const paymentInitReplySchema = z.object({ transaction_id: z.string().min(1) });
export type PaymentInitReply = z.infer<typeof paymentInitReplySchema>;

export const invoiceRequestSchema = z.strictObject({
  token: tokenCodeSchema,
  amount: z.number().positive(),
  fiat_currency: z.literal(CURRENCY),
  client_transaction_id: z.string().min(1).max(64),
  redirect_url: z.url({ protocol: /^https?$/ }),
  payform: z.literal(true),
});
export type InvoiceRequest = z.infer<typeof invoiceRequestSchema>;

export const invoiceReplySchema = z.object({ payment_url: z.url() });
export type InvoiceReply = z.infer<typeof invoiceReplySchema>;

// ── the provider's callback ──────────────────────────────────────────────────
/** What Exnode posts (JSON or a form): only the tracker id is read, the rest is asked of its API. */
export const providerCallbackRequestSchema = z.object({
  tracker_id: z.union([z.string().min(1).max(200), z.number()]).transform(String),
});
export const providerCallbackReplySchema = z.object({ status: z.enum(["ok", "ignored"]) });

// ── renewal reminders ────────────────────────────────────────────────────────
/** `GET /reminders/status` and `POST /reminders/unsubscribe`: are renewal reminders off for the link's owner? */
export const reminderStatusSchema = z.object({ unsubscribed: z.boolean() });
export type ReminderStatus = z.infer<typeof reminderStatusSchema>;

// ── errors ───────────────────────────────────────────────────────────────────
/** FastAPI-style validation item, as returned in a 422 `detail` array. */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
/**
 * Every `/api` error: the product's wording (or the 422 issues), its machine code, and the id of
 * the request, which is also in the `X-Request-Id` header and in the server's log line.
 */
export const apiErrorSchema = z.object({
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
  code: z.enum(API_ERROR_CODES),
  request_id: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
