import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PAGE_START_SCRIPT } from "@veil/contracts/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../src/app/index.js";
import { loadConfig } from "../../src/config/index.js";
import { api, checkout, createUser } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Every response carries the security headers, whoever answers it: prerendered pages, the SPA
 * fallback, hashed assets, other static files, /api, /auth/v1, the dev mailbox, the simulator's
 * pay page, health checks, and error replies (404, 401, 413).
 */
let dist: string;
let app: TestApp;
let trackerId: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), "veil-headers-"));
  mkdirSync(path.join(dist, "assets"));
  mkdirSync(path.join(dist, "home"));
  const shell = `<!doctype html><script type="module" src="/assets/index-abc123.js"></script><div id=root></div>`;
  writeFileSync(path.join(dist, "index.html"), shell);
  writeFileSync(path.join(dist, "home/index.html"), shell.replace("<div id=root>", "<div id=root><h1>Home</h1>"));
  writeFileSync(path.join(dist, "assets/index-abc123.js"), "console.log(1)");
  writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  // A public SITE_URL (for the CORS checks) with the dev mailbox and simulator still on: the
  // dangerous opt-in, as nothing but this test process reaches the loopback port.
  app = await startTestApp({
    env: { WEB_DIST: dist, SITE_URL: "https://veil.example", DANGEROUS_DEV_SURFACES_ON_ANY_HOST: "true" },
  });
  const user = await createUser(app);
  await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
  ({ trackerId } = await checkout(app, user));
}, 60_000);
afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** How a browser names the prerendered pages' start-up script in a policy (the only inline script allowed). */
const pageStartHash = `'sha256-${createHash("sha256").update(PAGE_START_SCRIPT, "utf8").digest("base64")}'`;

function expectSecurityHeaders(res: Response, what: string) {
  const h = (name: string) => res.headers.get(name) ?? "";
  const csp = h("content-security-policy");
  const directives = new Map(
    csp.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get("script-src"), `${what}: script-src`).toEqual(["'self'", pageStartHash]);
  expect(directives.get("default-src"), what).toEqual(["'self'"]);
  expect(directives.get("object-src"), what).toEqual(["'none'"]);
  expect(directives.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(directives.get("base-uri"), what).toEqual(["'self'"]);
  expect(csp, what).not.toMatch(/unsafe-eval/);
  expect(h("x-frame-options"), what).toBe("DENY");
  expect(h("x-content-type-options"), what).toBe("nosniff");
  expect(h("referrer-policy"), what).toBe("same-origin");
  expect(h("permissions-policy"), what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(h("cross-origin-opener-policy"), what).toBe("same-origin");
  // Development and test run on plain HTTP: no HSTS there.
  expect(res.headers.has("strict-transport-security"), what).toBe(false);
}

const cases: [string, string, RequestInit?, number?][] = [
  ["redirect at /", "/", { redirect: "manual" }, 302],
  ["prerendered page", "/home", undefined, 200],
  ["SPA fallback", "/account/profile", undefined, 200],
  ["hashed asset", "/assets/index-abc123.js", undefined, 200],
  ["other static file", "/favicon.svg", undefined, 200],
  ["health", "/healthz", undefined, 200],
  ["readiness", "/readyz", undefined, 200],
  ["api plans", "/api/plans/", undefined, 200],
  ["api 401", "/api/subscription/web/info", undefined, 401],
  ["api 404", "/api/nope", undefined, 404],
  ["api 413", "/api/contact/web/send", { method: "POST", body: "x".repeat(70_000) }, 413],
  ["auth settings", "/auth/v1/settings", undefined, 200],
  ["auth 400", "/auth/v1/token?grant_type=password", { method: "POST", body: "{}" }, 400],
  ["auth 404", "/auth/v1/nope", undefined, 404],
  ["auth 413", "/auth/v1/signup", { method: "POST", body: "x".repeat(1024 * 1024 + 1) }, 413],
  ["dev mailbox page", "/dev/mailbox", undefined, 200],
  ["dev mailbox JSON", "/dev/mailbox/messages", undefined, 200],
];

describe("security headers", () => {
  for (const [what, p, init, status] of cases) {
    it(`should be on the ${what} (${p})`, async () => {
      const res = await fetch(`${app.url}${p}`, init);
      await res.arrayBuffer();
      expect(res.status).toBe(status);
      expectSecurityHeaders(res, what);
    });
  }

  it("should be on the simulator's pay page", async () => {
    const res = await fetch(`${app.url}/sim/exnode/pay/${encodeURIComponent(trackerId)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expectSecurityHeaders(res, "pay page");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("should be on auth's CORS preflight", async () => {
    const res = await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
      method: "OPTIONS",
      headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "POST" },
    });
    expect(res.status).toBe(204);
    expectSecurityHeaders(res, "auth preflight");
  });
});

describe("cache headers", () => {
  const cacheOf = async (p: string) => {
    const res = await fetch(`${app.url}${p}`);
    await res.arrayBuffer();
    return res.headers.get("cache-control");
  };
  it("should keep hashed assets for a year and have HTML revalidated", async () => {
    expect(await cacheOf("/assets/index-abc123.js")).toBe("public, max-age=31536000, immutable");
    expect(await cacheOf("/home")).toBe("no-cache");
    expect(await cacheOf("/account/profile")).toBe("no-cache");
  });
  it("should never let a cache store API, auth, mailbox or health answers", async () => {
    for (const p of [
      "/api/plans/",
      "/api/nope",
      "/auth/v1/settings",
      "/dev/mailbox",
      "/dev/mailbox/messages",
      "/readyz",
    ]) {
      expect(await cacheOf(p), p).toBe("no-store");
    }
  });
});

describe("CORS of the product API", () => {
  const preflight = (origin: string) =>
    fetch(`${app.url}/api/subscription/web/info`, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization",
      },
    });
  it("should allow the configured site origin", async () => {
    const res = await preflight("https://veil.example");
    expect(res.headers.get("access-control-allow-origin")).toBe("https://veil.example");
    expect((res.headers.get("access-control-allow-headers") ?? "").toLowerCase()).toContain("authorization");
    const get = await fetch(`${app.url}/api/plans/`, { headers: { Origin: "https://veil.example" } });
    expect(get.headers.get("access-control-allow-origin")).toBe("https://veil.example");
  });
  it("should not allow any other origin, neither by wildcard nor by reflection", async () => {
    for (const origin of ["https://evil.example", "https://veil.example.evil.example", "null"]) {
      const res = await preflight(origin);
      expect(res.headers.get("access-control-allow-origin"), origin).toBeNull();
      const get = await fetch(`${app.url}/api/plans/`, { headers: { Origin: origin } });
      expect(get.headers.get("access-control-allow-origin"), origin).toBeNull();
    }
  });
  it("should leave auth's CORS open as GoTrue's is, so supabase-js works from any origin", async () => {
    const res = await fetch(`${app.url}/auth/v1/settings`, { headers: { Origin: "https://other.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("https://other.example");
  });
});

describe("in production", () => {
  const production = () =>
    createHttpApp(
      loadConfig({
        NODE_ENV: "production",
        WEB_DIST: dist,
        JWT_SECRET: "pV3x9Lq2Zr7Tn4Wb8Kc1Hs6Yd0Fg5Jm2Qa7Ue3Io9",
        MFA_ENCRYPTION_KEY: "Qm7vT2xK9pL4wR8zN1cF6hJ3dS0gB5yEa8Wu",
        SITE_URL: "https://veil.example.com",
        MAIL_TRANSPORT: "smtp",
        SMTP_URL: "smtp://127.0.0.1:2525",
        EXNODE_PUBLIC_KEY: "pub",
        EXNODE_PRIVATE_KEY: "priv",
        EXNODE_CALLBACK_SECRET: "c7e1a94f0b3d28e65f1a0c9d4b7e2f83a6d5c0b1",
        CSP_CONNECT_SRC: "https://abc.supabase.co/ https://abc.supabase.co/auth/v1",
      }),
      { db: { query: async () => ({ rows: [] }) }, mounts: [] },
    );
  it("should send HSTS for two years on every response", async () => {
    for (const p of ["/home", "/assets/index-abc123.js", "/healthz", "/account"]) {
      const res = await production().request(p);
      expect(res.headers.get("strict-transport-security"), p).toBe("max-age=63072000; includeSubDomains");
    }
  });
  it("should let the app reach the configured Supabase origin and nothing else", async () => {
    const res = await production().request("/home");
    expect(res.headers.get("content-security-policy")).toMatch(/connect-src 'self' https:\/\/abc\.supabase\.co(;|$)/);
  });
});

describe("the simulator's pay page", () => {
  it("should let its form redirect back to the shop's origin, and nowhere else", async () => {
    const res = await fetch(`${app.url}/sim/exnode/pay/${encodeURIComponent(trackerId)}`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const formAction = /form-action ([^;]+)/.exec(csp)?.[1]?.split(" ");
    // checkout() asked to come back to the app's own address.
    expect(formAction).toEqual(["'self'", new URL(app.url).origin]);
    expect(csp).toContain(`script-src 'self' ${pageStartHash};`);
  });
});
