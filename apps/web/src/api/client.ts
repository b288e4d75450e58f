import { accessToken } from "./access-token.js";
import { ApiError } from "./errors.js";

/** Base path of the product API (docs/product.md §7.1). */
export const API_BASE = "/api";

/** What checks a reply: a zod schema of @veil/contracts, or anything with the same `safeParse`. */
export interface ReplyParser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface ApiRequest<T> {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  /**
   * Parses the reply; a reply that does not match is an error, not silently wrong data. Either
   * the parser itself or a function loading it, so code on the landing page can keep the zod
   * schemas in a chunk that only loads when such a request is made (the load starts together with
   * the request).
   */
  schema: ReplyParser<T> | (() => Promise<ReplyParser<T>>);
  signal?: AbortSignal;
}

/** For calls whose reply body carries nothing the app uses (any JSON is accepted). */
export const anyReply: ReplyParser<unknown> = { safeParse: (data) => ({ success: true, data }) };

async function readDetail(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object" && "detail" in body && typeof body.detail === "string") return body.detail;
  } catch {
    // Not JSON (a proxy error page, an empty body): the status alone decides the message.
  }
  return undefined;
}

/**
 * The one way the app calls `/api`: attaches the session's bearer token when there is one
 * (docs/product.md §6), sends JSON, parses the reply with its schema and turns failures into ApiError. No timeout
 * (§9).
 */
export async function apiFetch<T>(path: string, request: ApiRequest<T>): Promise<T> {
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
      method: request.method ?? (request.body === undefined ? "GET" : "POST"),
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (cause) {
    throw new ApiError(0, undefined, { cause });
  }
  if (!response.ok) throw new ApiError(response.status, await readDetail(response));

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
