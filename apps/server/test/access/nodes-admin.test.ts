/** `pnpm admin nodes …` (issue #29): the operator adds, lists, disables, rotates and removes nodes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeApi, wgKey } from "../helpers/access.js";
import { runAdminOn } from "../helpers/admin.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { DEV_DEMO_NODE: "false" } });
}, 60_000);
afterAll(async () => app?.close());

const admin = (...argv: string[]) => runAdminOn(app, ["nodes", ...argv]);

describe("pnpm admin nodes", () => {
  it("adds a node and prints its token once; the token works, and list shows its status", async () => {
    const key = wgKey();
    const added = await admin(
      "add",
      "--country",
      "nl",
      "--city",
      "Amsterdam",
      "--endpoint",
      "nl1.veil.test:51820",
      "--public-key",
      key,
    );
    expect(added.code, added.text).toBe(0);
    const id = /Added node ([0-9a-f-]{36})/.exec(added.text)?.[1] as string;
    const token = /Token \(shown once; set it as VEIL_NODE_TOKEN on the node\): (vn_\S+)/.exec(
      added.text,
    )?.[1] as string;
    expect(id).toBeTruthy();
    expect((await nodeApi(app, token, "/peers")).status).toBe(200);
    const list = await admin("list");
    expect(list.text).toContain(id);
    expect(list.text).toContain("NL");
    expect(list.text).toContain("enabled");
    expect(list.text).not.toContain(token);

    expect((await admin("disable", id)).code).toBe(0);
    expect((await nodeApi(app, token, "/peers")).status).toBe(401);
    expect((await admin("list")).text).toContain("disabled");
    expect((await admin("enable", id)).code).toBe(0);

    const rotated = await admin("rotate-token", id);
    const fresh = /(vn_\S+)/.exec(rotated.text)?.[1] as string;
    expect((await nodeApi(app, token, "/peers")).status).toBe(401);
    expect((await nodeApi(app, fresh, "/peers")).status).toBe(200);

    expect((await admin("remove", id)).code).toBe(0);
    expect((await nodeApi(app, fresh, "/peers")).status).toBe(401);
    expect((await admin("remove", id)).code).toBe(2);
  });

  it("says what is wrong with a node's details and adds nothing", async () => {
    const cases: [string[], RegExp][] = [
      [["--city", "X", "--endpoint", "h:1", "--public-key", wgKey()], /--country/],
      [["--country", "Netherlands", "--city", "X", "--endpoint", "h:1", "--public-key", wgKey()], /two-letter/],
      [["--country", "NL", "--city", "X", "--endpoint", "no-port", "--public-key", wgKey()], /host:port/],
      [["--country", "NL", "--city", "X", "--endpoint", "h:70000", "--public-key", wgKey()], /host:port/],
      [["--country", "NL", "--city", "X", "--endpoint", "h:1", "--public-key", "$(reboot)"], /public key/],
      [["--country", "NL", "--city", "X", "--endpoint", "h;rm:1", "--public-key", wgKey()], /host:port/],
    ];
    for (const [args, message] of cases) {
      const out = await admin("add", ...args);
      expect(out.code, args.join(" ")).toBe(2);
      expect(out.text).toMatch(message);
    }
    expect((await app.db.query("SELECT 1 FROM nodes")).rows).toEqual([]);
    expect((await admin("rotate-token", "not-an-id")).code).toBe(2);
  });
});
