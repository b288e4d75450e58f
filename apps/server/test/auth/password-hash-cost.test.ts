/**
 * TEST_PASSWORD_HASH_COST: the test suites hash at bcrypt's lowest cost (test-app.ts sets 4) to
 * save CPU; production refuses the knob, so real hashes are always cost 10 (signup.test.ts checks
 * the default). A hash keeps its own cost, so one made at 10 still signs in under the knob.
 */
import { hash } from "@node-rs/bcrypt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";
import { authClient } from "../helpers/auth-client.js";
import { PRODUCTION_ENV } from "../helpers/production-env.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const PASSWORD = "violet-harbour-lantern";
const PRODUCTION = PRODUCTION_ENV;

describe("TEST_PASSWORD_HASH_COST", () => {
  it("should be refused in production and only take bcrypt costs from 4 to 10", () => {
    expect(() => loadConfig(PRODUCTION)).not.toThrow();
    expect(() => loadConfig({ ...PRODUCTION, TEST_PASSWORD_HASH_COST: "4" })).toThrow(
      /TEST_PASSWORD_HASH_COST: test-only, refused in production/,
    );
    expect(() => loadConfig({ TEST_PASSWORD_HASH_COST: "3" })).toThrow(/TEST_PASSWORD_HASH_COST/);
    expect(() => loadConfig({ TEST_PASSWORD_HASH_COST: "11" })).toThrow(/TEST_PASSWORD_HASH_COST/);
  });

  describe("given a test app (cost 4)", () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp();
    });
    afterAll(async () => {
      await app?.close();
    });
    const storedHash = async (email: string) =>
      (
        await app.db.query<{ encrypted_password: string }>("SELECT encrypted_password FROM users WHERE email = $1", [
          email,
        ])
      ).rows[0]?.encrypted_password;

    it("should store new passwords at cost 4 and sign them in", async () => {
      const auth = authClient(app);
      const email = `cost4-${Date.now()}@example.com`;
      await auth.confirmedUser(email, PASSWORD);
      expect(await storedHash(email)).toMatch(/^\$2b\$04\$/);
      expect((await auth.signIn(email, PASSWORD)).status).toBe(200);
      expect((await auth.signIn(email, `${PASSWORD}-not`)).status).toBe(400);
    });

    it("should still sign in a password hashed at cost 10", async () => {
      const auth = authClient(app);
      const email = `cost10-${Date.now()}@example.com`;
      await auth.confirmedUser(email, "another-harbour-lantern");
      await app.db.query("UPDATE users SET encrypted_password = $2 WHERE email = $1", [
        email,
        await hash(PASSWORD, { cost: 10, version: "2b" }),
      ]);
      expect((await auth.signIn(email, PASSWORD)).status).toBe(200);
    });
  });
});
