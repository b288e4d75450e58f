/**
 * "The database cannot be reached right now" as one error type, whichever engine is behind it:
 * Postgres restarting or refusing connections, a backend terminated under a query, a connection
 * timing out, or a closed PGlite. HTTP layers answer it with 503 (retry later) instead of 500.
 */
export class DbUnavailableError extends Error {
  override name = "DbUnavailableError";
  constructor(readonly causeMessage: string) {
    super("The database is unavailable");
  }
}

/** SQLSTATE classes/codes that mean the connection, not the statement, failed. */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
]);
/** node-postgres and PGlite say these in words only. */
const CONNECTION_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed|Client was closed/i;

export function isConnectionFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_SQLSTATE.test(code) || NETWORK_CODES.has(code))) return true;
  return CONNECTION_MESSAGES.test(err.message);
}

/** Rethrows a connection failure as DbUnavailableError, anything else unchanged. */
export function rethrowUnavailable(err: unknown): never {
  if (err instanceof DbUnavailableError) throw err;
  if (isConnectionFailure(err)) throw new DbUnavailableError((err as Error).message);
  throw err;
}
