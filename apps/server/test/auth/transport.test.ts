import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authClient } from "../helpers/auth-client.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

describe("given the auth server's transport rules (GoTrue's CORS, version echo and error shape)", () => {
  let app: TestApp;
  let auth: ReturnType<typeof authClient>;
  beforeAll(async () => {
    app = await startTestApp();
    auth = authClient(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("should answer a browser preflight allowing the headers auth-js sends", async () => {
    const res = await fetch(`${app.authUrl}/token?grant_type=password`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "apikey,authorization,content-type,x-client-info,x-supabase-api-version",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
    const allowed = (res.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(",");
    for (const h of ["apikey", "authorization", "content-type", "x-client-info", "x-supabase-api-version"]) {
      expect(allowed).toContain(h);
    }
  });

  it("should echo the API version and expose it to browsers so auth-js can read error codes", async () => {
    const res = await fetch(`${app.authUrl}/token?grant_type=password`, {
      method: "POST",
      headers: {
        Origin: "http://localhost:5173",
        "Content-Type": "application/json",
        "X-Supabase-Api-Version": "2024-01-01",
      },
      body: JSON.stringify({ email: "nobody@example.com", password: "whatever-it-is" }),
    });
    expect(res.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect((res.headers.get("access-control-expose-headers") ?? "").toLowerCase()).toContain("x-supabase-api-version");
  });

  it("should send the 2024-01-01 error shape with both code fields when the client sends the version", async () => {
    const res = await auth.post("/token?grant_type=password", {
      email: "nobody@example.com",
      password: "whatever-it-is",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: "invalid_credentials",
      error_code: "invalid_credentials",
      message: "Invalid login credentials",
      msg: "Invalid login credentials",
      // GoTrue's field for the request id: the X-Request-Id header and the access line's id.
      error_id: res.headers.get("x-request-id"),
    });
    expect(res.headers.get("x-sb-error-code")).toBe("invalid_credentials");
  });

  it("should send the legacy error shape (numeric code, error_code, msg) to a client without the version", async () => {
    const res = await auth.post(
      "/token?grant_type=password",
      { email: "nobody@example.com", password: "x-x-x-x-x" },
      { legacy: true },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" });
    expect(res.headers.get("x-supabase-api-version")).toBeNull();
  });

  it("should reject a body that is not JSON with 400 bad_json", async () => {
    const res = await auth.post("/signup", "{not json");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("bad_json");
    expect(String(res.body.message)).toMatch(/^Could not parse request body as JSON: /);
  });

  it("should reject a field of the wrong type with 400 bad_json rather than a server error", async () => {
    const res = await auth.post("/signup", { email: 42, password: "long enough password" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("bad_json");
  });

  it("should reject a body over 1 MB with 413 request_entity_too_large", async () => {
    const res = await auth.post("/signup", { email: "big@example.com", password: "x".repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("request_entity_too_large");
  });

  it("should treat JSON null fields as absent and ignore extra keys auth-js adds", async () => {
    const res = await auth.post("/recover", {
      email: "someone@example.com",
      code_challenge: null,
      code_challenge_method: null,
      gotrue_meta_security: { captcha_token: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it("should ignore the anon key in Authorization on public endpoints", async () => {
    const res = await auth.post(
      "/recover",
      { email: "someone-else@example.com" },
      { token: "sb_publishable_not_a_jwt" },
    );
    expect(res.status).toBe(200);
  });

  it("should answer /health and /settings like GoTrue", async () => {
    const health = await auth.get("/health");
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ name: "GoTrue" });
    const settings = await auth.get("/settings");
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
  });

  it("should refuse an unknown grant type with 400 invalid_credentials", async () => {
    const res = await auth.post("/token?grant_type=magic", {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_credentials", message: "unsupported_grant_type" });
  });

  it("should answer an unknown auth path with a JSON 404, not the web app", async () => {
    const res = await auth.get("/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.body.code).toBe("not_found");
  });

  it("should mark auth replies as not cacheable", async () => {
    const res = await auth.get("/settings");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("should report ready when the database answers", async () => {
    const res = await fetch(`${app.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready" });
  });
});

describe("given a server whose database has gone away", () => {
  it("should say so on /readyz with 503 while /healthz stays up", async () => {
    const { createTestDb } = await import("../helpers/test-db.js");
    const db = await createTestDb();
    const app = await startTestApp({ db });
    try {
      await db.close();
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "unavailable", reason: "database unreachable" });
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
