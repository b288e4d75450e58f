import { parseArgs } from "node:util";
import {
  type Customer,
  ensureCustomer,
  findCustomerByEmail,
  findCustomerById,
  setCustomerBlocked,
} from "../api/index.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { PaymentsService } from "../payments/index.js";
import { safeText, table } from "./render.js";

export const ADMIN_USAGE = `Veil admin — pnpm admin <command> [arguments]

  users list [--limit N]             newest customers first, with subscription end
  users find <text>                  customers whose e-mail or id contains <text>
  users block <email|id>             block (product API and sign-in refuse the account)
  users unblock <email|id>
  users grant <email|id> <days> [--reason text]
                                     add days to the subscription (from its end, or from now)
  payments list <email|id>           a customer's payments, newest first
  payments recheck <payment-id>      ask the provider about the payment and settle on its answer
  payments reconcile                 one reconciler pass over all pending payments now
  contact list [--limit N]           newest contact-form messages

With the embedded database (PGlite) stop the server first: one process per data directory.`;

export interface AdminDeps {
  db: Db;
  clock: Clock;
  payments: PaymentsService;
  out(text: string): void;
}

export class AdminUsageError extends Error {
  override name = "AdminUsageError";
}

/** A far-future ban: how a block reaches the embedded auth server (sign-in answers 403). */
const BAN_UNTIL = new Date("2999-12-31T00:00:00Z");

async function hasAuthUsers(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>("SELECT to_regclass('users') IS NOT NULL AS present");
  return rows[0]?.present === true;
}

/** A customer by e-mail or id; a user known only to the embedded auth server gets a customer row. */
async function resolveCustomer(deps: AdminDeps, who: string | undefined): Promise<Customer> {
  if (!who) throw new AdminUsageError("Say which user: an e-mail address or an id");
  const found = who.includes("@") ? await findCustomerByEmail(deps.db, who) : await findCustomerById(deps.db, who);
  if (found) return found;
  if (await hasAuthUsers(deps.db)) {
    const { rows } = await deps.db.query<{ id: string; email: string }>(
      "SELECT id::text AS id, email FROM users WHERE (email = lower($1) OR id::text = $1) AND deleted_at IS NULL",
      [who],
    );
    const user = rows[0];
    if (user) return ensureCustomer(deps.db, deps.clock, user.id, user.email);
  }
  throw new AdminUsageError(`No user ${safeText(who)}`);
}

function positiveInt(value: string | undefined, what: string, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new AdminUsageError(`${what} must be a whole number from 1 to ${max}`);
  return n;
}

/** Runs one admin command. Returns the process exit code. */
export async function runAdmin(argv: string[], deps: AdminDeps): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { limit: { type: "string" }, reason: { type: "string" }, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
  });
  const [group, command, ...rest] = positionals;
  const { db, out } = deps;
  if (values.help || !group) {
    out(ADMIN_USAGE);
    return values.help ? 0 : 2;
  }
  try {
    const limit = values.limit === undefined ? 50 : positiveInt(values.limit, "--limit", 1000);
    switch (`${group} ${command ?? ""}`.trim()) {
      case "users list": {
        const { rows } = await db.query(
          `SELECT c.id, c.email, c.blocked, s.ends_at, c.created_at FROM customers c
             LEFT JOIN subscriptions s ON s.customer_id = c.id ORDER BY c.created_at DESC LIMIT $1`,
          [limit],
        );
        out(
          table(
            ["id", "email", "blocked", "subscription ends", "created"],
            rows.map((r) => Object.values(r)),
          ),
        );
        return 0;
      }
      case "users find": {
        const text = rest[0];
        if (!text) throw new AdminUsageError("users find needs some text to look for");
        const { rows } = await db.query(
          `SELECT c.id, c.email, c.blocked, s.ends_at FROM customers c
             LEFT JOIN subscriptions s ON s.customer_id = c.id
            WHERE c.email ILIKE '%' || $1 || '%' OR c.id ILIKE '%' || $1 || '%'
            ORDER BY c.email LIMIT $2`,
          [text.replace(/[\\%_]/g, (ch) => `\\${ch}`), limit],
        );
        out(
          table(
            ["id", "email", "blocked", "subscription ends"],
            rows.map((r) => Object.values(r)),
          ),
        );
        return 0;
      }
      case "users block":
      case "users unblock": {
        const block = command === "block";
        const customer = await resolveCustomer(deps, rest[0]);
        await setCustomerBlocked(db, deps.clock, customer.id, block);
        if (await hasAuthUsers(db)) {
          await db.query("UPDATE users SET banned_until = $2, updated_at = $3 WHERE id::text = $1", [
            customer.id,
            block ? BAN_UNTIL : null,
            deps.clock.now(),
          ]);
        }
        out(`${block ? "Blocked" : "Unblocked"} ${safeText(customer.email)} (${customer.id})`);
        return 0;
      }
      case "users grant": {
        const customer = await resolveCustomer(deps, rest[0]);
        const days = positiveInt(rest[1], "days", 3650);
        const endsAt = await deps.payments.grantDays(customer.id, days, values.reason ?? null);
        out(`Granted ${days} days to ${safeText(customer.email)}; subscription now ends ${endsAt.toISOString()}`);
        return 0;
      }
      case "payments list": {
        const customer = await resolveCustomer(deps, rest[0]);
        const { rows } = await db.query(
          `SELECT p.id, p.created_at, pl.name, p.amount_cents / 100.0 AS usd, p.token, p.status, p.provider_status,
                  p.tracker_id, p.settled_at
             FROM payments p JOIN plans pl ON pl.id = p.plan_id
            WHERE p.customer_id = $1 ORDER BY p.created_at DESC LIMIT $2`,
          [customer.id, limit],
        );
        out(
          table(
            ["id", "started", "plan", "usd", "token", "status", "provider", "tracker", "settled"],
            rows.map((r) => Object.values(r)),
          ),
        );
        return 0;
      }
      case "payments recheck": {
        const id = rest[0];
        if (!id) throw new AdminUsageError("payments recheck needs a payment id");
        const outcome = await deps.payments.recheck(id);
        out(`Re-checked ${safeText(id)}: ${JSON.stringify(outcome)}`);
        const { rows } = await db.query(
          "SELECT created_at, outcome, provider_status, tracker_id, detail FROM payment_events WHERE payment_id = $1 ORDER BY id",
          [id],
        );
        if (rows.length > 0)
          out(
            table(
              ["at", "outcome", "provider", "tracker", "detail"],
              rows.map((r) => Object.values(r)),
            ),
          );
        return 0;
      }
      case "payments reconcile": {
        out(JSON.stringify(await deps.payments.reconcile(1000)));
        return 0;
      }
      case "contact list": {
        const { rows } = await db.query(
          "SELECT id, created_at, name, email, message FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT $1",
          [limit],
        );
        out(
          table(
            ["id", "received", "name", "email", "message"],
            rows.map((r) => Object.values(r)),
          ),
        );
        return 0;
      }
      default:
        throw new AdminUsageError(
          `Unknown command "${safeText(`${group} ${command ?? ""}`.trim())}"\n\n${ADMIN_USAGE}`,
        );
    }
  } catch (err) {
    if (err instanceof AdminUsageError) {
      out(err.message);
      return 2;
    }
    throw err;
  }
}
