/** Request plumbing for /auth/v1: CORS, the API-version echo, JSON bodies, bearer tokens. */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { z } from "zod";
import { API_VERSION, API_VERSION_HEADER, AuthError, errorResponse, requestedApiVersion } from "./errors.js";

/** 1 MB, GoTrue's body limit. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * CORS as GoTrue (plus `apikey`, which Kong adds in hosted Supabase): any origin, credentials
 * allowed, and the version header exposed so browsers let auth-js read it (it decides how error
 * bodies are parsed).
 */
export const authCors = cors({
  origin: (origin) => origin || "*",
  credentials: true,
  allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
  allowHeaders: [
    "Accept",
    "Authorization",
    "Content-Type",
    "X-Client-IP",
    "X-Client-Info",
    "X-JWT-AUD",
    "x-use-cookie",
    API_VERSION_HEADER,
    "apikey",
    "traceparent",
    "tracestate",
    "baggage",
  ],
  exposeHeaders: ["X-Total-Count", "Link", API_VERSION_HEADER, "x-sb-error-code", "Retry-After"],
  maxAge: 86_400,
});

/** Echoes the API version on every reply to a client that sent one. */
export const echoApiVersion: MiddlewareHandler = async (c, next) => {
  await next();
  if (requestedApiVersion(c.req.header(API_VERSION_HEADER))) c.header(API_VERSION_HEADER, API_VERSION);
};

export const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => {
    // The rest of the body is never read, so this connection cannot carry another request.
    c.header("Connection", "close");
    return errorResponse(c, new AuthError(413, "request_entity_too_large", "Request body too large"));
  },
});

/**
 * Reads the JSON body and checks it against `schema`. An empty body is `{}` (logout sends none).
 * Unknown keys are kept out by the schemas' shape but never rejected; JSON `null` counts as absent.
 */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const raw = await c.req.text();
  let parsed: unknown = {};
  if (raw.trim() !== "") {
    try {
      parsed = JSON.parse(raw);
    } catch (err) {
      throw new AuthError(400, "bad_json", `Could not parse request body as JSON: ${(err as Error).message}`);
    }
  }
  if (parsed === null) parsed = {};
  // Postgres cannot store or compare a NUL character (text or jsonb): refuse it here, as the
  // client's mistake, instead of failing the query with a 500. Nesting is bounded too: no GoTrue
  // body is deep, and every recursive walk of a 30 000-level value (JSON.stringify included)
  // overflows the stack.
  const problem = bodyProblem(parsed);
  if (problem) throw new AuthError(400, "bad_json", `Could not parse request body as JSON: ${problem}`);
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `field ${issue.path.join(".")}: ` : "";
    throw new AuthError(
      400,
      "bad_json",
      `Could not parse request body as JSON: ${where}${issue?.message ?? "invalid"}`,
    );
  }
  return result.data;
}

/** Levels of objects and arrays a request body may have (user metadata allows far fewer). */
export const MAX_BODY_DEPTH = 32;

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

/** A string field where JSON null means "not given". */
export const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
/** An object field where JSON null means "not given". */
export const optionalObject = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => v ?? undefined);

/** The token of `Authorization: Bearer <token>` (scheme case-insensitive), or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}
