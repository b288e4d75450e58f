import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../helpers/product.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Whatever a client sends, the product API answers 4xx (or 2xx), never 5xx: random JSON, bodies
 * shaped like the real ones with hostile values (NUL bytes, huge or fractional numbers, long or
 * empty strings), and bodies that are not JSON at all.
 */
let app: TestApp;
let user: TestUser;
beforeAll(async () => {
  // Every request moves the clock 2 h on: session limits off, so the signed-in user stays signed in.
  app = await startTestApp({
    env: { AUTH_SESSION_TIMEBOX_SECONDS: "0", AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: "0" },
  });
  user = await createUser(app);
}, 60_000);
afterAll(async () => app?.close());

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", "\u0000", "a\u0000b@example.com", "x".repeat(6000), "USDTTRC", "USD", "ok@example.com", "1"),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 2, 5, 45, 1e20, 2_147_483_648, Number.MAX_SAFE_INTEGER, 0.1 + 0.2),
);
const hostileValue = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);
const shaped = fc.record(
  {
    email: hostileValue,
    name: hostileValue,
    message: hostileValue,
    password: hostileValue,
    plan_id: hostileValue,
    amount: hostileValue,
    currency: hostileValue,
    payment_method: hostileValue,
    token: hostileValue,
    fiat_currency: hostileValue,
    client_transaction_id: hostileValue,
    redirect_url: hostileValue,
    payform: hostileValue,
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  shaped.map((v) => JSON.stringify(v)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 60 }),
);

/** Valid-looking bodies with one poisoned field each (each once broke, or could break, a query). */
const EXAMPLES: [string, boolean][] = [
  { name: "A", email: "a@b.co", message: "a\u0000b" },
  { name: "A\u0000", email: "a@b.co", message: "hi" },
  { plan_id: 2_147_483_648, amount: 5, currency: "USD", payment_method: "USDTTRC" },
  {
    token: "USDTTRC",
    amount: 5,
    fiat_currency: "USD",
    client_transaction_id: "\u0000",
    redirect_url: "http://localhost/",
    payform: true,
  },
  { email: "a\u0000@b.co" },
  { password: "\u0000" },
].flatMap((v) => [
  [JSON.stringify(v), true],
  [JSON.stringify(v), false],
]);

const ENDPOINTS = [
  "/user/web/by-email",
  "/user/web/register",
  "/user/web/init-session",
  "/contact/web/send",
  "/payment/web/init",
  "/exnode/invoice",
  "/user/web/delete",
];

describe("hostile request bodies", () => {
  for (const path of ENDPOINTS) {
    it(`POST ${path} should never answer 5xx`, async () => {
      let n = 0;
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (raw, signedIn) => {
          app.clock.advance({ hours: 2 }); // step past every rate-limit window
          const headers: Record<string, string> = {
            "Content-Type": "application/json",
            "X-Forwarded-For": `203.0.113.${(n++ % 250) + 1}`,
          };
          if (signedIn) headers.Authorization = `Bearer ${await user.token()}`;
          const res = await fetch(`${app.url}/api${path}`, { method: "POST", headers, body: raw });
          await res.arrayBuffer();
          expect(res.status, `${path} ${raw.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: 40, examples: EXAMPLES },
      );
    }, 60_000);
  }
});
