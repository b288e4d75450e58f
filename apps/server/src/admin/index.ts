import { parseArgs } from "node:util";
import {
  type Customer,
  ensureCustomer,
  findCustomerByEmail,
  findCustomerById,
  listContactMessages,
  listCustomers,
  searchCustomers,
  setCustomerBlocked,
} from "../api/index.js";
import { findAuthUser, removeAllFactors, setAuthUserBlocked } from "../auth/index.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { touchCustomerAccess } from "../devices/index.js";
import type { NoticeEnqueuer } from "../mail/index.js";
import {
  customerPaymentRecords,
  type PaymentsService,
  paymentEventRecords,
  subscriptionEnds,
} from "../payments/index.js";
import { NODES_USAGE, NodesUsageError, runNodesCommand } from "./nodes.js";
import { safeText, table } from "./render.js";

export const ADMIN_USAGE: string = `Veil admin — pnpm admin <command> [arguments]

  users list [--limit N]             newest customers first, with subscription end
  users find <text>                  customers whose e-mail or id contains <text>
  users block <email|id>             block (product API and sign-in refuse the account)
  users unblock <email|id>
  users grant <email|id> <days> [--reason text]
                                     add days to the subscription (from its end, or from now)
  users remove-2fa <email|id>        lost phone: remove the user's two-factor sign-in (authenticator
                                     and recovery codes), end all their sessions and mail them a
                                     notice; check who is asking first (docs/operations.md)
  payments list <email|id>           a customer's payments, newest first
  payments recheck <payment-id>      ask the provider about the payment and settle on its answer
  payments reconcile                 one reconciler pass over all pending payments now
  contact list [--limit N]           newest contact-form messages
${NODES_USAGE}

With the embedded database (PGlite) stop the server first: one process per data directory.`;

export interface AdminDeps {
  db: Db;
  clock: Clock;
  payments: PaymentsService;
  /** Puts a notice to a user in the outbox; the running server delivers it. */
  enqueueNotice: NoticeEnqueuer;
  out(text: string): void;
}

export class AdminUsageError extends Error {
  override name = "AdminUsageError";
}

/** A customer by e-mail or id; a user known only to the embedded auth server gets a customer row. */
async function resolveCustomer(deps: AdminDeps, who: string | undefined): Promise<Customer> {
  if (!who) throw new AdminUsageError("Say which user: an e-mail address or an id");
  const found = who.includes("@") ? await findCustomerByEmail(deps.db, who) : await findCustomerById(deps.db, who);
  if (found) return found;
  const user = await findAuthUser(deps.db, who);
  if (user) return ensureCustomer(deps.db, deps.clock, user.id, user.email);
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
    options: {
      limit: { type: "string" },
      reason: { type: "string" },
      help: { type: "boolean", short: "h" },
      country: { type: "string" },
      city: { type: "string" },
      endpoint: { type: "string" },
      "public-key": { type: "string" },
      host: { type: "string" },
    },
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
    if (group === "nodes") return await runNodesCommand(command, rest, values, deps);
    switch (`${group} ${command ?? ""}`.trim()) {
      case "users list": {
        const customers = await listCustomers(db, limit);
        const ends = await subscriptionEnds(
          db,
          customers.map((c) => c.id),
        );
        out(
          table(
            ["id", "email", "blocked", "subscription ends", "created"],
            customers.map((c) => [c.id, c.email, c.blocked, ends.get(c.id), c.created_at]),
          ),
        );
        return 0;
      }
      case "users find": {
        const text = rest[0];
        if (!text) throw new AdminUsageError("users find needs some text to look for");
        const customers = await searchCustomers(db, text, limit);
        const ends = await subscriptionEnds(
          db,
          customers.map((c) => c.id),
        );
        out(
          table(
            ["id", "email", "blocked", "subscription ends"],
            customers.map((c) => [c.id, c.email, c.blocked, ends.get(c.id)]),
          ),
        );
        return 0;
      }
      case "users block":
      case "users unblock": {
        const block = command === "block";
        const customer = await resolveCustomer(deps, rest[0]);
        await db.transaction(async (tx) => {
          await setCustomerBlocked(tx, deps.clock, customer.id, block);
          // The nodes drop (or take back) the customer's devices.
          await touchCustomerAccess(tx, customer.id, deps.clock.now());
        });
        await setAuthUserBlocked(db, deps.clock, customer.id, block);
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
      case "users remove-2fa": {
        const who = rest[0];
        if (!who) throw new AdminUsageError("Say which user: an e-mail address or an id");
        const user = await findAuthUser(db, who);
        if (!user) throw new AdminUsageError(`No user ${safeText(who)}`);
        const { factors, sessions } = await removeAllFactors(db, user.id, deps.enqueueNotice);
        const named = factors.map((f) =>
          f.type === "recovery_code"
            ? "recovery codes"
            : `authenticator${f.status === "verified" ? "" : " (unconfirmed)"}`,
        );
        out(
          factors.length === 0
            ? `${safeText(user.email)} (${user.id}) has no two-factor sign-in; nothing changed`
            : `Removed two-factor sign-in of ${safeText(user.email)} (${user.id}): ${named.join(", ")}; ended ${sessions} session(s). The password alone signs in now.${
                factors.some((f) => f.status === "verified") ? " The user is mailed a notice." : ""
              }`,
        );
        return 0;
      }
      case "payments list": {
        const customer = await resolveCustomer(deps, rest[0]);
        const payments = await customerPaymentRecords(db, customer.id, limit);
        out(
          table(
            ["id", "started", "plan", "usd", "token", "status", "provider", "tracker", "settled"],
            payments.map((p) => [
              p.id,
              p.created_at,
              p.plan,
              p.usd,
              p.token,
              p.status,
              p.provider_status,
              p.tracker_id,
              p.settled_at,
            ]),
          ),
        );
        return 0;
      }
      case "payments recheck": {
        const id = rest[0];
        if (!id) throw new AdminUsageError("payments recheck needs a payment id");
        const outcome = await deps.payments.recheck(id);
        out(`Re-checked ${safeText(id)}: ${JSON.stringify(outcome)}`);
        const events = await paymentEventRecords(db, id);
        if (events.length > 0)
          out(
            table(
              ["at", "outcome", "provider", "tracker", "detail"],
              events.map((e) => [e.created_at, e.outcome, e.provider_status, e.tracker_id, e.detail]),
            ),
          );
        return 0;
      }
      case "payments reconcile": {
        out(JSON.stringify(await deps.payments.reconcile(1000)));
        return 0;
      }
      case "contact list": {
        const messages = await listContactMessages(db, limit);
        out(
          table(
            ["id", "received", "name", "email", "message"],
            messages.map((m) => [m.id, m.created_at, m.name, m.email, m.message]),
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
    if (err instanceof AdminUsageError || err instanceof NodesUsageError) {
      out(err.message);
      return 2;
    }
    throw err;
  }
}
