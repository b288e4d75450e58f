/**
 * The contract test: walks the whole route table of @veil/contracts (docs/architecture.md §6)
 * against a running server. Every route exists with its method (its bearer check included), a
 * body that breaks its request schema is refused with 422, and a successful reply matches the
 * reply schema. A route added to the table without a case here fails to compile. Every reply
 * seen here (successes, the bearer check's 401, the 422 of a bad body, any other error) is also
 * validated against what the OpenAPI document (`/api/openapi.json`) says of that route and status.
 */
import { randomUUID } from "node:crypto";
import {
  API_ROUTE_SCHEMAS,
  API_ROUTES,
  type ApiRoute,
  type ApiRouteName,
  apiErrorSchema,
  routePath,
} from "@veil/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/auth/passwords.js";
import { signUnsubscribeToken, unsubscribeKey } from "../../src/reminders/index.js";
import { addNode, grantDays, wgKey } from "../helpers/access.js";
import { documentedReply } from "../helpers/openapi.js";
import {
  api,
  createUser,
  type JsonReply,
  profileUrl,
  settleInvoice,
  simulatorSwitches,
  type TestUser,
} from "../helpers/product.js";
import { ipSource, registerCustomer, startProductApiApp } from "../helpers/product-api-suite.js";
import type { TestApp } from "../helpers/test-app.js";

let app: TestApp;
const fromNewIp = ipSource(110);

beforeAll(async () => {
  app = await startProductApiApp();
}, 60_000);
afterAll(async () => app?.close());
afterEach(async () => simulatorSwitches(app, { reset: true }));

const names = Object.keys(API_ROUTES) as ApiRouteName[];

/** The path to call for a route: its parameters filled (a random session, the real callback secret). */
function pathOf(name: ApiRouteName, params: Record<string, string> = {}): string {
  const route: ApiRoute = API_ROUTES[name];
  return routePath(route, { id: randomUUID(), secret: app.config.EXNODE_CALLBACK_SECRET, ...params });
}

function call(name: ApiRouteName, options: { user?: TestUser; body?: unknown; path?: string } = {}) {
  const route: ApiRoute = API_ROUTES[name];
  return api(app, route.method, options.path ?? pathOf(name), { ...options, headers: fromNewIp() });
}

/** A customer with a password, a subscription and one settled payment. */
async function paidCustomer(): Promise<{ user: TestUser; password: string }> {
  const user = await registerCustomer(app);
  const password = `pw-${randomUUID()}`;
  await app.db.query("UPDATE users SET encrypted_password = $2 WHERE id = $1", [user.id, await hashPassword(password)]);
  const init = await call("paymentInit", {
    user,
    body: { plan_id: 1, amount: 2, currency: "USD", payment_method: "USDTTRC" },
  });
  const invoice = await call("invoice", { user, body: invoiceBody(init.body.transaction_id) });
  await settleInvoice(app, invoice.body.payment_url.split("/").pop(), "SUCCESS");
  return { user, password };
}

/** A device of `user` (who gets days first); its id. */
async function addDevice(user: TestUser): Promise<string> {
  await grantDays(app, user);
  const res = await call("createDevice", { user, body: { publicKey: wgKey() } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.device.id;
}

const invoiceBody = (transactionId: string) => ({
  token: "USDTTRC",
  amount: 2,
  fiat_currency: "USD",
  client_transaction_id: transactionId,
  redirect_url: profileUrl(app),
  payform: true,
});

/** One successful call of each route (a redirect's reply is its status and Location). */
const happy: { [N in ApiRouteName]: () => Promise<JsonReply> } = {
  userByEmail: async () => {
    const user = await registerCustomer(app);
    return call("userByEmail", { body: { email: user.email } });
  },
  registerUser: async () => {
    const user = await createUser(app);
    return call("registerUser", { user, body: { email: user.email } });
  },
  initSession: async () => {
    const user = await createUser(app);
    return call("initSession", { user, body: { email: user.email } });
  },
  deleteAccount: async () => {
    const { user, password } = await paidCustomer();
    return call("deleteAccount", { user, body: { password } });
  },
  dataExport: async () => call("dataExport", { user: (await paidCustomer()).user }),
  sessions: async () => call("sessions", { user: await registerCustomer(app) }),
  endSession: async () => {
    const user = await registerCustomer(app);
    const other = randomUUID();
    const now = app.clock.now();
    await app.db.query(
      `INSERT INTO sessions (id, user_id, amr, created_at, updated_at) VALUES ($1, $2, '[]'::jsonb, $3, $3)`,
      [other, user.id, now],
    );
    return call("endSession", { user, path: pathOf("endSession", { id: other }) });
  },
  subscriptionInfo: async () => call("subscriptionInfo", { user: (await paidCustomer()).user }),
  payments: async () => call("payments", { user: (await paidCustomer()).user }),
  contact: async () => call("contact", { body: { name: "A", email: "a@example.com", message: "hi" } }),
  plans: async () => call("plans"),
  tokens: async () => call("tokens"),
  paymentInit: async () =>
    call("paymentInit", {
      user: await registerCustomer(app),
      body: { plan_id: 1, amount: 2, currency: "USD", payment_method: "USDTTRC" },
    }),
  invoice: async () => {
    const user = await registerCustomer(app);
    const init = await call("paymentInit", {
      user,
      body: { plan_id: 1, amount: 2, currency: "USD", payment_method: "USDTTRC" },
    });
    return call("invoice", { user, body: invoiceBody(init.body.transaction_id) });
  },
  providerCallback: async () => call("providerCallback", { body: { tracker_id: "sim_doesnotexist" } }),
  reminderStatus: async () => {
    const user = await registerCustomer(app);
    const token = signUnsubscribeToken(unsubscribeKey(app.config), user.id);
    return call("reminderStatus", { path: `${pathOf("reminderStatus")}?token=${token}` });
  },
  reminderUnsubscribe: async () => {
    const user = await registerCustomer(app);
    const token = signUnsubscribeToken(unsubscribeKey(app.config), user.id);
    return call("reminderUnsubscribe", { path: `${pathOf("reminderUnsubscribe")}?token=${token}` });
  },
  reminderUnsubscribeLink: async () => {
    const res = await fetch(`${app.url}/api${pathOf("reminderUnsubscribeLink")}?token=abc`, { redirect: "manual" });
    return { status: res.status, body: res.headers.get("location"), headers: res.headers };
  },
  servers: async () => {
    await addNode(app);
    return call("servers");
  },
  devices: async () => {
    const user = await registerCustomer(app);
    await addDevice(user);
    return call("devices", { user });
  },
  createDevice: async () => {
    const user = await registerCustomer(app);
    await grantDays(app, user);
    return call("createDevice", { user, body: { publicKey: wgKey() } });
  },
  updateDevice: async () => {
    const user = await registerCustomer(app);
    const id = await addDevice(user);
    return call("updateDevice", { user, path: pathOf("updateDevice", { id }), body: { publicKey: wgKey() } });
  },
  deleteDevice: async () => {
    const user = await registerCustomer(app);
    const id = await addDevice(user);
    return call("deleteDevice", { user, path: pathOf("deleteDevice", { id }) });
  },
  deviceConfig: async () => {
    const user = await registerCustomer(app);
    const id = await addDevice(user);
    return call("deviceConfig", { user, path: pathOf("deviceConfig", { id }) });
  },
};

/** The code a body that breaks the schema gets (the callback says which field it missed). */
const badBodyCode = (name: ApiRouteName) => (name === "providerCallback" ? "tracker_id_required" : "validation_failed");

describe("the route table against the running server", () => {
  it.each(names)("%s: exists with its method and bearer check", async (name) => {
    const route: ApiRoute = API_ROUTES[name];
    const res = await call(name, { body: API_ROUTE_SCHEMAS[name].request ? {} : undefined });
    if (route.auth) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: "Not authenticated", code: "not_authenticated" });
    } else {
      // Not the catch-all: an unknown route answers exactly this.
      expect(res.body).not.toEqual({ detail: "Not Found", code: "not_found" });
    }
    // Whatever error it gave carries a code the route declares.
    if (res.status >= 400 && res.body && typeof res.body === "object" && "code" in res.body) {
      expect(route.errors).toContain(res.body.code);
    }
    // (fetch follows a redirect route's 303 to the web app; its own reply is checked below)
    if (!route.redirect) expect(documentedReply(name, res.status, res.body)).toEqual([]);
    expect(route.errors).toEqual(expect.arrayContaining(["not_found", "internal_error"]));
  });

  it.each(names.filter((n) => API_ROUTE_SCHEMAS[n].request))(
    "%s: refuses a body that breaks its request schema with 422",
    async (name) => {
      const route: ApiRoute = API_ROUTES[name];
      const user = route.auth ? await registerCustomer(app) : undefined;
      const res = await call(name, { user, body: { unexpected: true } });
      expect(res.status).toBe(422);
      expect(apiErrorSchema.parse(res.body).code).toBe(badBodyCode(name));
      expect(route.errors).toContain(badBodyCode(name));
      expect(documentedReply(name, res.status, res.body)).toEqual([]);
    },
  );

  it.each(names)("%s: a successful reply matches its reply schema", async (name) => {
    const res = await happy[name]();
    const route: ApiRoute = API_ROUTES[name];
    const schema = API_ROUTE_SCHEMAS[name].reply;
    if (route.redirect) {
      expect(res.status).toBe(303);
      expect(documentedReply(name, res.status, null)).toEqual([]);
      return;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(route.status ?? 200);
    if (route.status === 204) {
      expect(res.body).toBe("");
      expect(schema).toBeNull();
      expect(documentedReply(name, res.status, res.body)).toEqual([]);
      return;
    }
    expect(schema, name).not.toBeNull();
    schema?.parse(res.body);
    expect(documentedReply(name, res.status, res.body)).toEqual([]);
  });
});
