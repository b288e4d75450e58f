/**
 * The `customers` table (docs/architecture.md §2): the product accounts, keyed by the access
 * token's `sub`. Other modules reach it through these functions (api/index.ts), handed over by
 * server.ts where they sit on a lower floor.
 */
import type { Clock } from "../../clock.js";
import type { Queryable } from "../../db/index.js";

/**
 * The product's own record of a customer, keyed by the access token's `sub`. It exists beside the
 * auth server's users so the product API works the same with a hosted Supabase project.
 */
export interface Customer {
  id: string;
  email: string;
  blocked: boolean;
  created_at: Date;
}

export class EmailTakenError extends Error {
  override name = "EmailTakenError";
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505";
}

/**
 * Creates the customer or brings its e-mail up to date. Idempotent. An e-mail held by a customer
 * with another `sub` (an account deleted at the auth provider only) is refused, not taken over:
 * that row may carry a paid subscription, so support decides.
 */
export async function ensureCustomer(db: Queryable, clock: Clock, id: string, email: string): Promise<Customer> {
  try {
    const { rows } = await db.query<Customer>(
      `INSERT INTO customers (id, email, blocked, created_at, updated_at) VALUES ($1, $2, false, $3, $3)
       ON CONFLICT (id) DO UPDATE
          SET email = EXCLUDED.email,
              updated_at = CASE WHEN customers.email = EXCLUDED.email THEN customers.updated_at ELSE EXCLUDED.updated_at END
       RETURNING id, email, blocked, created_at`,
      [id, email, clock.now()],
    );
    return rows[0] as Customer;
  } catch (err) {
    if (isUniqueViolation(err)) throw new EmailTakenError("This e-mail belongs to another account");
    throw err;
  }
}

export async function findCustomerById(db: Queryable, id: string): Promise<Customer | undefined> {
  const { rows } = await db.query<Customer>("SELECT id, email, blocked, created_at FROM customers WHERE id = $1", [id]);
  return rows[0];
}

export async function findCustomerByEmail(db: Queryable, email: string): Promise<Customer | undefined> {
  const { rows } = await db.query<Customer>(
    "SELECT id, email, blocked, created_at FROM customers WHERE lower(email) = lower($1)",
    [email],
  );
  return rows[0];
}

/** The newest customers first (the admin command line's list). */
export async function listCustomers(db: Queryable, limit: number): Promise<Customer[]> {
  const { rows } = await db.query<Customer>(
    "SELECT id, email, blocked, created_at FROM customers ORDER BY created_at DESC LIMIT $1",
    [limit],
  );
  return rows;
}

/** Customers whose e-mail or id contains `text` (any case, taken literally), by e-mail. */
export async function searchCustomers(db: Queryable, text: string, limit: number): Promise<Customer[]> {
  const { rows } = await db.query<Customer>(
    `SELECT id, email, blocked, created_at FROM customers
      WHERE email ILIKE '%' || $1 || '%' OR id ILIKE '%' || $1 || '%'
      ORDER BY email LIMIT $2`,
    [text.replace(/[\\%_]/g, (ch) => `\\${ch}`), limit],
  );
  return rows;
}

export async function setCustomerBlocked(db: Queryable, clock: Clock, id: string, blocked: boolean): Promise<boolean> {
  const { rows } = await db.query("UPDATE customers SET blocked = $2, updated_at = $3 WHERE id = $1 RETURNING id", [
    id,
    blocked,
    clock.now(),
  ]);
  return rows.length > 0;
}

/**
 * Account deletion, the product account's part (docs/architecture.md §2.1): removes the customer
 * row inside the caller's transaction and answers the address it had, or undefined when there was
 * none. The payments module forgets its rows first (`forgetCustomerPayments`).
 */
export async function forgetCustomer(tx: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ email: string }>("DELETE FROM customers WHERE id = $1 RETURNING email", [id]);
  return rows[0]?.email;
}

/**
 * Whether the product account exists; inside `tx` it then stays until the transaction ends (a
 * key-share lock, the one a row referencing it would take), so another module can add such a row.
 */
export async function holdCustomer(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query("SELECT 1 FROM customers WHERE id = $1 FOR KEY SHARE", [id]);
  return rows.length > 0;
}
