/** The shared start of the product API suites (test/api/product-api-*.test.ts). */
import { expect } from "vitest";
import { api, createUser, type TestUser } from "./product.js";
import { startTestApp, type TestApp } from "./test-app.js";

/** A month passes on the test clock with one session per user: session limits off (see session-expiry.test.ts). */
export function startProductApiApp(): Promise<TestApp> {
  return startTestApp({
    env: {
      SUPPORT_EMAIL: "help@veil.test",
      AUTH_SESSION_TIMEBOX_SECONDS: "0",
      AUTH_SESSION_INACTIVITY_TIMEOUT_SECONDS: "0",
    },
  });
}

/** A new client address per call, in a /24 of the suite's own (`198.51.<octet>.n`). */
export function ipSource(octet: number): () => { "X-Forwarded-For": string } {
  let counter = 0;
  return () => ({ "X-Forwarded-For": `198.51.${octet}.${++counter}` });
}

/** A signed-in user the product knows as a customer (registered through /user/web/register). */
export async function registerCustomer(app: TestApp): Promise<TestUser> {
  const user = await createUser(app);
  const res = await api(app, "POST", "/user/web/register", { user, body: { email: user.email } });
  expect(res.status).toBe(200);
  return user;
}
