/** Helpers of the access suites (devices, servers, the node API). */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { createNodeAdmin } from "../../src/nodes/index.js";
import type { TestUser } from "./product.js";
import type { TestApp } from "./test-app.js";

/** A random WireGuard-shaped public key (32 random bytes; any 32 bytes are a valid X25519 key). */
export const wgKey = (): string => randomBytes(32).toString("base64");

/** Days of access, as support grants them (the subscription starts or extends). */
export async function grantDays(app: TestApp, user: TestUser, days = 30): Promise<Date> {
  return app.services.payments.service.grantDays(user.id, days, "test");
}

let nodeCounter = 0;
/** A node added as an operator would; its token as printed once. */
export async function addNode(app: TestApp, overrides: { country?: string; city?: string } = {}) {
  nodeCounter++;
  return createNodeAdmin({ db: app.db, clock: app.clock }).add({
    country: overrides.country ?? "NL",
    city: overrides.city ?? `Amsterdam ${nodeCounter}`,
    endpoint: `nl${nodeCounter}.veil.test:51820`,
    publicKey: wgKey(),
    host: "",
  });
}

export interface NodeReply {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are inspected freely
  json: any;
}

/**
 * Calls the node API with a node token, on a connection of its own (no keep-alive: a socket left
 * idle while a test writes thousands of rows may be closed by the server just as it is reused).
 */
export function nodeApi(
  app: TestApp,
  token: string | null,
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<NodeReply> {
  const headers: Record<string, string> = { ...options.headers };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === "string"
        ? options.body
        : JSON.stringify(options.body);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${app.url}/api/nodes/v1${path}`,
      { method: options.method ?? "GET", headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            // not JSON
          }
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === "string") out.set(name, value);
          }
          resolve({ status: res.statusCode ?? 0, headers: out, text, json });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
