import { PAGE_START_SCRIPT } from "@veil/contracts/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SpawnedServer, spawnServer } from "./helpers/spawn-server.js";

describe("given the real server started on a random port", () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await spawnServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("should report healthy on /healthz", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("should send the bare address on to the prerendered landing page", async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.redirected).toBe(true);
    expect(new URL(res.url).pathname).toBe("/home");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<div id="root"[^>]* data-prerendered="en"/);
    // Its start-up: the inline script the CSP allows by hash, naming the start-up module.
    expect(html).toMatch(/<script data-start="\/assets\/index-[\w-]+\.js">/);
    expect(html).toContain(`>${PAGE_START_SCRIPT}</script>`);
  });

  it("should serve the app shell for a client-side route", async () => {
    const res = await fetch(`${server.url}/account/profile`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it("should stop cleanly on SIGTERM", async () => {
    expect(await server.stop("SIGTERM")).toBe(0);
  });
});
