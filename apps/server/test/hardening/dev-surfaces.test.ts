import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDevSurfaceHost } from "../../src/config/dev-surfaces.js";
import { DEV_EXNODE_CALLBACK_SECRET, DEV_EXNODE_KEYS, DEV_JWT_SECRET, loadConfig } from "../../src/config/index.js";
import { createExnodeProvider, ProviderRejectedError } from "../../src/payments/index.js";
import { api, checkout, createUser, profileUrl, settleInvoice } from "../helpers/product.js";
import { spawnServer } from "../helpers/spawn-server.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Development surfaces (dev mailbox, payment simulator, test clock) hand whoever reaches them every
 * sign-up and recovery code and any subscription: they run only on loopback with a localhost
 * SITE_URL (or a dangerous opt-in), answer only loopback names and SITE_URL's host, and the
 * simulator calls back and redirects only to this server. Production secrets are judged by strength.
 */

const strongJwt = "pV3x9Lq2Zr7Tn4Wb8Kc1Hs6Yd0Fg5Jm2Qa7Ue3Io9";
const strongCallback = "c7e1a94f0b3d28e65f1a0c9d4b7e2f83a6d5c0b1";
const production = {
  NODE_ENV: "production",
  SITE_URL: "https://veil.example.com",
  JWT_SECRET: strongJwt,
  MFA_ENCRYPTION_KEY: "Qm7vT2xK9pL4wR8zN1cF6hJ3dS0gB5yEa8Wu",
  SMTP_URL: "smtp://mail.example:587",
  EXNODE_PUBLIC_KEY: "pub",
  EXNODE_PRIVATE_KEY: "priv",
  EXNODE_CALLBACK_SECRET: strongCallback,
};
/** A one-letter change: what an operator might do to "not use the default". */
const oneLetterOff = (secret: string) => `${secret.slice(0, 5)}${secret[5] === "x" ? "y" : "x"}${secret.slice(6)}`;

/** Secrets of its own: a server listening beyond loopback needs them whatever NODE_ENV says. */
const OWN_SECRETS = {
  JWT_SECRET: "pV3x9Lq2Zr7Tn4Wb8Kc1Hs6Yd0Fg5Jm2Qa7Ue3Io9",
  MFA_ENCRYPTION_KEY: "Xe4rT9yU1iO5pA8sD2fG6hJ0kL3zC7vB4nM9qW1e",
  EXNODE_CALLBACK_SECRET: "c7e1a94f0b3d28e65f1a0c9d4b7e2f83a6d5c0b1",
};

describe("given a development start that is not loopback-only", () => {
  it("should run the development surfaces by default (loopback, localhost SITE_URL)", () => {
    expect(loadConfig({}).devSurfaces).toBe(true);
  });

  it.each([
    ["listening on every interface", { HOST: "0.0.0.0" }],
    ["with a public SITE_URL", { HOST: "127.0.0.1", SITE_URL: "https://veil.example.com" }],
    ["both", { HOST: "0.0.0.0", SITE_URL: "https://veil.example.com" }],
  ])("should refuse to start with the dev mailbox and simulator open when %s", (_, env) => {
    expect(() => loadConfig(env)).toThrow(/MAIL_TRANSPORT: the dev mailbox .* is not run here/);
    expect(() => loadConfig(env)).toThrow(/PAYMENT_PROVIDER: the gateway simulator .* is not run here/);
    expect(() => loadConfig({ ...env, TEST_CLOCK_START: "2026-01-15T10:00:00Z" })).toThrow(
      /TEST_CLOCK_START: the test clock is not run here/,
    );
  });

  it("should start without any development surface when mail and payments are real", () => {
    const config = loadConfig({
      HOST: "0.0.0.0",
      SITE_URL: "https://veil.example.com",
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: "smtp://mail.example:587",
      PAYMENT_PROVIDER: "exnode",
      EXNODE_PUBLIC_KEY: "pub",
      EXNODE_PRIVATE_KEY: "priv",
      ...OWN_SECRETS,
    });
    expect(config.devSurfaces).toBe(false);
  });

  it("should run them anywhere only with the dangerous opt-in, never in production", () => {
    expect(
      loadConfig({ HOST: "0.0.0.0", DANGEROUS_DEV_SURFACES_ON_ANY_HOST: "true", ...OWN_SECRETS }).devSurfaces,
    ).toBe(true);
    expect(() => loadConfig({ ...production, DANGEROUS_DEV_SURFACES_ON_ANY_HOST: "true" })).toThrow(
      /DANGEROUS_DEV_SURFACES_ON_ANY_HOST: development surfaces are refused in production/,
    );
  });
});

describe("given production settings", () => {
  it("should start with https URLs and generated secrets", () => {
    expect(loadConfig(production).production).toBe(true);
  });

  it("should refuse a plain-http SITE_URL or callback origin", () => {
    expect(() => loadConfig({ ...production, SITE_URL: "http://veil.example.com" })).toThrow(
      /SITE_URL: must be https in production/,
    );
    expect(() => loadConfig({ ...production, EXNODE_CALLBACK_BASE_URL: "http://veil.example.com" })).toThrow(
      /EXNODE_CALLBACK_BASE_URL: must be https in production/,
    );
  });

  it("should refuse a plain-http Exnode API: merchant keys and the paid/unpaid answers travel over it", () => {
    expect(() => loadConfig({ ...production, EXNODE_BASE_URL: "http://my.exnode.io" })).toThrow(
      /EXNODE_BASE_URL: must be https in production/,
    );
  });

  it("should refuse a secret that is a run of consecutive characters", () => {
    expect(() => loadConfig({ ...production, JWT_SECRET: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP" })).toThrow(
      /JWT_SECRET: looks guessable/,
    );
    expect(() => loadConfig({ ...production, EXNODE_CALLBACK_SECRET: "0123456789abcdefghijklmnopqrstuvwxyz" })).toThrow(
      /EXNODE_CALLBACK_SECRET: looks guessable/,
    );
  });

  it("should refuse a one-letter change of a development secret", () => {
    expect(oneLetterOff(DEV_JWT_SECRET)).not.toBe(DEV_JWT_SECRET);
    expect(() => loadConfig({ ...production, JWT_SECRET: oneLetterOff(DEV_JWT_SECRET) })).toThrow(
      /JWT_SECRET: the development default \(or a value made from it\) is refused/,
    );
    expect(() =>
      loadConfig({ ...production, EXNODE_CALLBACK_SECRET: `${oneLetterOff(DEV_EXNODE_CALLBACK_SECRET)}-2026` }),
    ).toThrow(/EXNODE_CALLBACK_SECRET: the development default \(or a value made from it\) is refused/);
  });

  it("should refuse secrets that are short, repeated or drawn from a few characters", () => {
    expect(() => loadConfig({ ...production, JWT_SECRET: "passwordpasswordpasswordpassword" })).toThrow(
      /JWT_SECRET: looks guessable/,
    );
    expect(() => loadConfig({ ...production, JWT_SECRET: "a".repeat(64) })).toThrow(/JWT_SECRET: looks guessable/);
    expect(() => loadConfig({ ...production, JWT_SECRET: "0123456789abcdef".repeat(3) })).toThrow(
      /JWT_SECRET: looks guessable \(it repeats itself\)/,
    );
    expect(() => loadConfig({ ...production, EXNODE_CALLBACK_SECRET: "f00d".repeat(10) })).toThrow(
      /EXNODE_CALLBACK_SECRET: looks guessable/,
    );
    expect(() => loadConfig({ ...production, METRICS_TOKEN: "metrics".repeat(5) })).toThrow(
      /METRICS_TOKEN: looks guessable/,
    );
    expect(loadConfig({ ...production, METRICS_TOKEN: strongCallback }).METRICS_TOKEN).toBe(strongCallback);
    expect(() => loadConfig({ ...production, EXNODE_CALLBACK_SECRET: "9f8e7d6c5b4a3f2e1d0c" })).toThrow(
      /EXNODE_CALLBACK_SECRET: must be at least 32 characters in production/,
    );
  });
});

describe("given the Host a development surface is asked through", () => {
  it("should accept loopback names and SITE_URL's host only", () => {
    const site = "https://veil.example.com";
    for (const host of ["localhost:8080", "127.0.0.1:8080", "[::1]:8080", "app.localhost", "veil.example.com"]) {
      expect(isDevSurfaceHost(host, site), host).toBe(true);
    }
    for (const host of [undefined, "", "evil.example", "evil.example:8080", "127.0.0.1.evil.example", "10.0.0.5"]) {
      expect(isDevSurfaceHost(host, site), String(host)).toBe(false);
    }
  });
});

/** A raw request with the Host header of our choosing (fetch does not let a caller set Host). */
function get(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { Host: host } }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("given the server started as `npm start` does (loopback, localhost SITE_URL)", () => {
  let app: TestApp;
  /** Anything the simulator could be made to call: it must never be called. */
  let target: ReturnType<typeof createServer>;
  let targetHits = 0;
  let targetUrl = "";
  beforeAll(async () => {
    app = await startTestApp();
    target = createServer((_, res) => {
      targetHits++;
      res.end("ok");
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => target?.close(resolve));
  });

  it("should answer the dev mailbox and the simulator on localhost", async () => {
    const port = new URL(app.url).port;
    expect((await get(`${app.url}/dev/mailbox/messages`, `localhost:${port}`)).status).toBe(200);
    expect((await get(`${app.url}/sim/exnode/control`, `127.0.0.1:${port}`)).status).toBe(200);
  });

  it("should refuse them (403) to a request naming another host, as after DNS rebinding", async () => {
    for (const path of ["/dev/mailbox/messages", "/dev/mailbox/", "/sim/exnode/control", "/sim/exnode/pay/x"]) {
      const res = await get(`${app.url}${path}`, "evil.example");
      expect(res.status, path).toBe(403);
      expect(res.body, path).not.toMatch(/"to"|delay_ms/);
    }
    // The rest of the site is not a development surface.
    expect((await get(`${app.url}/healthz`, "evil.example")).status).toBe(200);
  });

  it("should refuse a cross-site POST (text/plain, or a foreign Origin) to every state-changing dev route (issue #25)", async () => {
    const post = (path: string, headers: Record<string, string>) =>
      fetch(`${app.url}${path}`, { method: "POST", headers, body: JSON.stringify({ callbacks: false }) });
    for (const path of ["/sim/exnode/control", "/sim/exnode/invoices/x/settle"]) {
      // What a foreign page's fetch or form sends without a preflight: text/plain.
      expect((await post(path, { "Content-Type": "text/plain" })).status, path).toBe(415);
      expect(
        (await post(path, { "Content-Type": "application/json", Origin: "https://evil.example" })).status,
        path,
      ).toBe(403);
    }
    const control = await (await fetch(`${app.url}/sim/exnode/control`)).json();
    expect(control).toMatchObject({ callbacks: true });
    // The site's own pages and tools (no Origin) still can.
    const own = await post("/sim/exnode/control", { "Content-Type": "application/json", Origin: app.url });
    expect(own.status).toBe(200);
    expect((await post("/sim/exnode/control", { "Content-Type": "application/json" })).status).toBe(200);
    await fetch(`${app.url}/sim/exnode/control`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ callbacks: true }),
    });
  });

  const simulatorClient = () =>
    createExnodeProvider({
      baseUrl: `${app.url}/sim/exnode`,
      publicKey: DEV_EXNODE_KEYS.public,
      privateKey: DEV_EXNODE_KEYS.private,
      timeoutMs: 10_000,
    });
  const invoice = (callbackUrl: string, redirectUrl: string) => ({
    token: "USDTTRC",
    amount: 5,
    fiatCurrency: "USD" as const,
    clientTransactionId: "tx-dev-surfaces",
    redirectUrl,
    callbackUrl,
  });

  it("should refuse a simulator invoice whose callback is not this server's callback path", async () => {
    const ours = `${app.url}/api/exnode/callback/${app.config.EXNODE_CALLBACK_SECRET}`;
    for (const callbackUrl of [`${targetUrl}/api/exnode/callback/x`, `${app.url}/api/admin`, `${targetUrl}/`]) {
      await expect(simulatorClient().createInvoice(invoice(callbackUrl, profileUrl(app))), callbackUrl).rejects.toThrow(
        ProviderRejectedError,
      );
    }
    await expect(simulatorClient().createInvoice(invoice(ours, profileUrl(app)))).resolves.toHaveProperty("trackerId");
  });

  it("should refuse a simulator invoice that would send the browser to another origin", async () => {
    const ours = `${app.url}/api/exnode/callback/${app.config.EXNODE_CALLBACK_SECRET}`;
    await expect(simulatorClient().createInvoice(invoice(ours, "https://evil.example/phish"))).rejects.toThrow(
      /redirect_url must be on the site's own origin/,
    );
  });

  it("should neither call nor redirect to foreign URLs stored on an invoice", async () => {
    const user = await createUser(app);
    await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
    const { trackerId } = await checkout(app, user);
    // As if stored before these rules (or written by hand): a foreign callback and redirect.
    await app.db.query("UPDATE sim_exnode_invoices SET callback_url = $2, redirect_url = $3 WHERE tracker_id = $1", [
      trackerId,
      `${targetUrl}/internal/admin`,
      "https://evil.example/phish",
    ]);
    const settled = await settleInvoice(app, trackerId, "SUCCESS");
    expect(settled.callback).toMatch(/^refused/);
    expect(targetHits).toBe(0);
    const page = await fetch(`${app.url}/sim/exnode/pay/${trackerId}`);
    expect(await page.text()).not.toContain("evil.example");
  });
});

describe("given the real entry point started with its defaults", () => {
  it("should say in its start-up log which development surfaces are on", async () => {
    const server = await spawnServer({ NODE_ENV: "development", HOST: "127.0.0.1" });
    try {
      expect(server.output()).toMatch(
        /Development surfaces ON \(loopback and SITE_URL host only\): dev mailbox \(\/dev\/mailbox\), payment simulator \(\/sim\/exnode\)/,
      );
    } finally {
      await server.stop();
    }
  }, 60_000);
});
