import { type ApiRoute, type ReplyOf, type RequestOf, routePath } from "@veil/contracts/constants";
import { accessToken } from "./access-token.js";
import { ApiError } from "./errors.js";
import { anyReply, type ReplyParser } from "./reply-parser.js";

/** Base path of the product API (docs/product.md §7.1). */
export const API_BASE = "/api";

// In a file of their own, so the lazily loaded reply-schemas.ts can name the type without importing
// this file back (an import cycle).
export { anyReply, type ReplyParser };

/**
 * How a reply is checked: the parser itself, or a function loading it, so code on the landing page
 * can keep the zod schemas in a chunk that only loads when such a request is made (the load starts
 * together with the request). Without one, the route's reply schema of the contract is loaded so.
 */
export type ReplyCheck<T> = ReplyParser<T> | (() => Promise<ReplyParser<T>>);

export interface ApiCallOptions<T> {
  /** Values of the route path's `:name` parameters. */
  params?: Record<string, string>;
  /** The query string. */
  query?: Record<string, string>;
  /** Parses the reply; a reply that does not match is an error, not silently wrong data. */
  schema?: ReplyCheck<T>;
  signal?: AbortSignal;
}

/** A route that takes a body must be given one of its request type; a route without takes none. */
export type ApiCallArgs<R extends ApiRoute, T> = [RequestOf<R>] extends [undefined]
  ? [body?: undefined, options?: ApiCallOptions<T>]
  : [body: RequestOf<R>, options?: ApiCallOptions<T>];

/** The error body's `detail` (when a string) and machine `code`, when it has them. */
async function readError(response: Response): Promise<{ detail?: string; code?: string }> {
  try {
    const body: unknown = await response.json();
    if (!body || typeof body !== "object") return {};
    return {
      ...("detail" in body && typeof body.detail === "string" ? { detail: body.detail } : {}),
      ...("code" in body && typeof body.code === "string" ? { code: body.code } : {}),
    };
  } catch {
    // Not JSON (a proxy error page, an empty body): the status alone decides the message.
    return {};
  }
}

/** A 429's `Retry-After` in seconds (the delay form; our server never sends a date), else undefined. */
function retryAfterOf(response: Response): number | undefined {
  if (response.status !== 429) return undefined;
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/**
 * The one way the app calls `/api`: one route of the contract's table (@veil/contracts routes.ts),
 * its body type-checked against the route, its reply parsed with the route's schema (or `schema`).
 * Attaches the session's bearer token when there is one (docs/product.md §6), sends JSON, and
 * turns failures into ApiError. No timeout (§9).
 */
export function api<R extends ApiRoute, T = ReplyOf<R>>(
  route: R,
  ...[body, options = {}]: ApiCallArgs<R, T>
): Promise<NoInfer<T>> {
  const pairs = Object.entries(options.query ?? {}).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  const query = pairs.length ? `?${pairs.join("&")}` : "";
  const schema: ReplyCheck<T> =
    options.schema ??
    (async () => ((await import("./reply-schemas.js")).replySchemaOf(route) ?? anyReply) as ReplyParser<T>);
  return send(`${routePath(route, options.params)}${query}`, {
    method: route.method,
    body,
    schema,
    signal: options.signal,
  });
}

interface SendRequest<T> {
  method: ApiRoute["method"];
  body: unknown;
  schema: ReplyCheck<T>;
  signal: AbortSignal | undefined;
}

async function send<T>(path: string, request: SendRequest<T>): Promise<T> {
  const parser = Promise.resolve(typeof request.schema === "function" ? request.schema() : request.schema);
  // A failed load is reported where the parser is awaited; a failed request must not leave it unhandled.
  parser.catch(() => {});
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = accessToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  // The page's language (kept on <html lang>), not the browser's default: the server writes mail
  // caused by this request, such as a payment's receipt, in it (docs/product.md, "Receipts").
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang;
  if (/^[a-z]{2}$/.test(lang)) headers["Accept-Language"] = lang;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (cause) {
    throw new ApiError(0, undefined, { cause });
  }
  if (!response.ok) {
    if (response.status === 401 && token) accessToken.refused(token);
    const { detail, code } = await readError(response);
    throw new ApiError(response.status, detail, { code, retryAfter: retryAfterOf(response) });
  }

  let json: unknown = null;
  try {
    const text = await response.text();
    json = text ? JSON.parse(text) : null;
  } catch (cause) {
    throw new ApiError(response.status, undefined, { cause });
  }
  const parsed = (await parser).safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected reply from ${path}`, parsed.error);
    throw new ApiError(response.status, undefined, { cause: parsed.error });
  }
  return parsed.data;
}
