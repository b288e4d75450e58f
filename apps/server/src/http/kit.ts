/**
 * The one HTTP kit every surface builds on (docs/architecture.md §1.1): the caller's address, a
 * bounded request body and a JSON body read against a schema (HTML is escaped by src/html.ts).
 * Each surface keeps its own error shape (GoTrue's `{code, error_code, msg}` for /auth/v1,
 * FastAPI's `{detail}` for /api): the kit says what went wrong, the surface says it.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";

export {
  bareIp,
  clientIp,
  LOOPBACK_PROXIES,
  parseTrustedProxies,
  rateLimitSubject,
  resolveClientIp,
  type TrustedProxies,
} from "./client-ip.js";

/**
 * Refuses a body larger than `maxSize` bytes with the surface's own answer. The rest of the body
 * is never read, so this connection cannot carry another request: it is closed after the answer
 * (a client reusing it would otherwise see its next request fail with a socket error).
 */
export function limitBodySize(
  maxSize: number,
  tooLarge: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: async (c) => {
      const res = await tooLarge(c);
      res.headers.set("Connection", "close");
      return res;
    },
  });
}

/** Levels of objects and arrays a guarded request body may have. */
export const MAX_BODY_DEPTH = 32;

export interface JsonBodyOptions {
  /** An empty body (or JSON `null`) reads as `{}` (GoTrue: logout sends none). Else it is not JSON. */
  emptyIsObject?: boolean;
  /**
   * Refuse NUL characters (Postgres can store or compare none) and nesting deeper than
   * `MAX_BODY_DEPTH` (every recursive walk of a 30 000-level value overflows the stack).
   */
  guard?: boolean;
}

/** What reading a JSON body gave: the checked value, text that is no acceptable JSON, or schema issues. */
export type JsonBody<T> =
  | { ok: true; data: T }
  | { ok: false; problem: "json"; message: string }
  | { ok: false; problem: "schema"; error: z.ZodError };

/** Reads the request's JSON body and checks it against `schema`; never throws for a client's mistake. */
export async function readJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  options: JsonBodyOptions = {},
): Promise<JsonBody<z.infer<S>>> {
  const raw = await c.req.text();
  let parsed: unknown;
  if (options.emptyIsObject && raw.trim() === "") parsed = {};
  else {
    try {
      parsed = JSON.parse(raw);
    } catch (err) {
      return { ok: false, problem: "json", message: (err as Error).message };
    }
  }
  if (options.emptyIsObject && parsed === null) parsed = {};
  if (options.guard) {
    const problem = bodyProblem(parsed);
    if (problem) return { ok: false, problem: "json", message: problem };
  }
  const result = schema.safeParse(parsed);
  return result.success ? { ok: true, data: result.data } : { ok: false, problem: "schema", error: result.error };
}

/** Why a parsed body is refused (NUL characters, nesting), walked without recursion; or undefined. */
function bodyProblem(root: unknown): string | undefined {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return "NUL characters are not allowed";
      continue;
    }
    if (!value || typeof value !== "object") continue;
    if (depth >= MAX_BODY_DEPTH) return `nested deeper than ${MAX_BODY_DEPTH} levels`;
    for (const [key, child] of Object.entries(value)) {
      if (key.includes("\u0000")) return "NUL characters are not allowed";
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}
