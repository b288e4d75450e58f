/**
 * A thin HTTP client for /auth/v1 in tests: sends what auth-js sends (apikey, version header,
 * JSON content type) and lets a test choose the caller's IP (the test app trusts one proxy hop).
 */
import type { TestApp } from "./test-app.js";

export interface CallOptions {
  ip?: string;
  token?: string;
  headers?: Record<string, string>;
  /** Leave out X-Supabase-Api-Version (a legacy client). */
  legacy?: boolean;
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export function authClient(app: TestApp) {
  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    opts: CallOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = {
      apikey: "anon-key",
      Authorization: `Bearer ${opts.token ?? "anon-key"}`,
      "X-Forwarded-For": opts.ip ?? "203.0.113.1",
      ...(opts.legacy ? {} : { "X-Supabase-Api-Version": "2024-01-01" }),
      ...(method === "GET" ? {} : { "Content-Type": "application/json;charset=UTF-8" }),
      ...opts.headers,
    };
    const res = await fetch(`${app.authUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
  }
  const client = {
    call,
    post: <T = Record<string, unknown>>(path: string, body?: unknown, opts?: CallOptions) =>
      call<T>("POST", path, body, opts),
    get: <T = Record<string, unknown>>(path: string, opts?: CallOptions) => call<T>("GET", path, undefined, opts),
    put: <T = Record<string, unknown>>(path: string, body?: unknown, opts?: CallOptions) =>
      call<T>("PUT", path, body, opts),

    /** Signs up and confirms with the mailed code; returns the session of the verify reply. */
    async confirmedUser(email: string, password: string, opts: CallOptions = {}) {
      const signup = await client.post("/signup", { email, password }, opts);
      if (signup.status !== 200) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
      const token = await app.lastCode(email);
      const verify = await client.post<Session>("/verify", { email, token, type: "email" }, opts);
      if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
      return verify.body;
    },

    async signIn(email: string, password: string, opts: CallOptions = {}) {
      return client.post<Session & ErrorFields>("/token?grant_type=password", { email, password }, opts);
    },
  };
  return client;
}

export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: { id: string; email: string; identities: unknown[]; [key: string]: unknown };
  weak_password?: { message: string; reasons: string[] };
}

/** What an error reply adds (a failed sign-in has these instead of a session). */
export interface ErrorFields {
  code?: string;
  message?: string;
  retry_after?: number;
}

/** The payload of a JWT, unverified (tests read the claims). */
export function jwtPayload(token: string): Record<string, unknown> {
  const [, payload] = token.split(".");
  return JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"));
}
