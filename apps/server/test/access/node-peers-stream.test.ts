/**
 * The node API's full set is streamed (issue #29): a set of several pages comes out whole, each
 * peer once, in key order, sent in chunks. In a file of its own: writing thousands of rows into an
 * in-process PGlite blocks the test process for seconds, and kept-alive sockets of other tests
 * would be reused just as the server closes them.
 */
import { randomUUID } from "node:crypto";
import { nodePeerSetSchema } from "@veil/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNode, grantDays, nodeApi } from "../helpers/access.js";
import { registerCustomer } from "../helpers/product-api-suite.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 60_000);
afterAll(async () => app?.close());

const token = async () => (await addNode(app)).token;
const paidUser = async () => {
  const user = await registerCustomer(app);
  await grantDays(app, user, 30);
  return user;
};

// Writing 4,500 rows and reading them back takes seconds on a loaded CI machine: its own timeout.
describe("the full peer set", () => {
  it("streams a set larger than one page, each peer once, in key order", async () => {
    const t = await token();
    const owner = await paidUser();
    // 4,500 devices written straight into the table (the API would take minutes): more than two pages.
    const now = app.clock.now();
    const { rows } = await app.db.query<{ n: number }>("SELECT next_number AS n FROM device_address_counter");
    const base = Number(rows[0]?.n) + 1_000_000;
    await app.db.query(
      `INSERT INTO devices (id, customer_id, name, public_key, address_number, ipv4, ipv6, created_at, updated_at)
       SELECT gen_random_uuid(), $1, 'bulk', encode(sha256(($3 || g)::bytea), 'base64'), $2 + g, 'x/32', 'y/128', $4, $4
         FROM generate_series(1, 4500) g`,
      [owner.id, base, randomUUID(), now],
    );
    const res = await nodeApi(app, t, "/peers");
    // Sent as it is read, in chunks: no length known up front.
    expect(res.headers.get("content-length")).toBeNull();
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    const set = nodePeerSetSchema.parse(res.json);
    const bulk = set.peers.filter((p) => p.allowedIps[0] === "x/32").map((p) => p.publicKey);
    expect(bulk).toHaveLength(4500);
    expect(new Set(bulk).size).toBe(4500);
    const all = set.peers.map((p) => p.publicKey);
    expect([...all].sort()).toEqual(all);
  }, 90_000);
});
