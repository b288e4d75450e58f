/** Request plumbing for /auth/v1: CORS, the API-version echo, JSON bodies, bearer tokens. */
import type { Context, MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { z } from "zod";
import { limitBodySize, readJsonBody } from "../http/index.js";
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

export const limitBody = limitBodySize(MAX_BODY_BYTES, (c) =>
  errorResponse(c, new AuthError(413, "request_entity_too_large", "Request body too large")),
);

/**
 * Reads the JSON body and checks it against `schema` (the HTTP kit's reader). An empty body is `{}`
 * (logout sends none). Unknown keys are kept out by the schemas' shape but never rejected; JSON
 * `null` counts as absent. NUL characters and deep nesting are refused as the client's mistake,
 * instead of failing a query with a 500 (see `readJsonBody`).
 */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const body = await readJsonBody(c, schema, { emptyIsObject: true, guard: true });
  if (body.ok) return body.data;
  if (body.problem === "json") {
    throw new AuthError(400, "bad_json", `Could not parse request body as JSON: ${body.message}`);
  }
  const issue = body.error.issues[0];
  const where = issue?.path.length ? `field ${issue.path.join(".")}: ` : "";
  throw new AuthError(400, "bad_json", `Could not parse request body as JSON: ${where}${issue?.message ?? "invalid"}`);
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
