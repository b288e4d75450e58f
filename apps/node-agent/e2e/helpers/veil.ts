/**
 * The Veil side of the tunnel test: the built server on a PGlite directory of its own (the node is
 * registered first with `pnpm admin nodes add`, as an operator does, while no server holds the
 * directory), the built agent, and a customer who signs up and pays through the API and the payment
 * simulator.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type BuiltServer, startBuiltServer } from "../../../web/e2e/helpers/built-server.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const AGENT = path.join(REPO_ROOT, "apps/node-agent/dist/main.js");
const AUTH_HEADERS = { apikey: "veil-dev-anon-key", "Content-Type": "application/json" };

/** Registers the node with the admin command line; returns its id and token (printed once). */
export async function addNode(
  dataDir: string,
  endpoint: string,
  publicKey: string,
): Promise<{ id: string; token: string }> {
  const { stdout } = await promisify(execFile)(
    "pnpm",
    [
      "admin",
      "nodes",
      "add",
      "--country",
      "NL",
      "--city",
      "Amsterdam",
      "--endpoint",
      endpoint,
      "--public-key",
      publicKey,
    ],
    { cwd: REPO_ROOT, env: { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir }, timeout: 120_000 },
  );
  const id = /Added node (\S+)/.exec(stdout)?.[1];
  const token = /Token[^:]*: (\S+)/.exec(stdout)?.[1];
  if (!id || !token) throw new Error(`pnpm admin nodes add printed no id and token:\n${stdout}`);
  return { id, token };
}

/** The built server on `dataDir` with its clock frozen at the real now (moved by /dev/clock). */
export function startServer(dataDir: string): Promise<BuiltServer> {
  return startBuiltServer({
    DATA_DIR: dataDir,
    // The agent drops peers by their expiresAt on its own (wall) clock, so the server's test clock
    // starts at the real time; the test moves it forward to end the subscription.
    TEST_CLOCK_START: new Date().toISOString(),
    RATE_LIMIT_TOKEN_PER_5MIN: "10000",
    RATE_LIMIT_VERIFY_PER_5MIN: "10000",
    RATE_LIMIT_OTP_PER_5MIN: "10000",
    DEV_DEMO_NODE: "false",
  });
}

export interface AgentProcess {
  child: ChildProcess;
  logs: Record<string, unknown>[];
  /** Resolves when a log line matching `match` appears (looks at earlier lines too). */
  waitForLog(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export function startAgent(env: Record<string, string>): AgentProcess {
  const child = spawn(process.execPath, [AGENT], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", HEALTH_PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  const listeners = new Set<() => void>();
  let buffer = "";
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ msg: line });
      }
    }
    for (const l of listeners) l();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return {
    child,
    logs,
    waitForLog(match, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = logs.find(match);
          if (found) {
            listeners.delete(check);
            resolve(found);
          }
        };
        listeners.add(check);
        check();
        setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(
              `no such agent log line in ${timeoutMs / 1000} s; logs:\n${logs.map((l) => JSON.stringify(l)).join("\n")}`,
            ),
          );
        }, timeoutMs).unref();
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/**
 * One JSON request on a connection of its own: the test waits seconds between calls, longer than
 * the server keeps an idle connection, and a POST sent on a connection the server is closing fails
 * with "other side closed" (fetch reuses connections and does not retry a POST).
 */
function call<T>(url: string, method: string, pathname: string, body?: unknown, token?: string): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${pathname}`,
      {
        method,
        agent: false,
        headers: {
          ...AUTH_HEADERS,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(payload ? { "Content-Length": Buffer.byteLength(payload) } : {}),
        },
        timeout: 60_000,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300)
            reject(new Error(`${method} ${pathname} → ${status} ${text.slice(0, 500)}`));
          else resolve((text ? JSON.parse(text) : null) as T);
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${pathname}: no answer in 60 s`)));
    req.on("error", reject);
    req.end(payload);
  });
}

/** Signs up, confirms with the mailed code and registers; returns the access token. */
export async function signUp(url: string, email: string, password: string): Promise<string> {
  await call(url, "POST", "/auth/v1/signup", { email, password });
  const messages = await call<{ text: string; subject: string }[]>(
    url,
    "GET",
    `/dev/mailbox/messages?to=${encodeURIComponent(email)}`,
  );
  const code = /\b(\d{6})\b/.exec(`${messages[0]?.subject}\n${messages[0]?.text}`)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  const session = await call<{ access_token: string }>(url, "POST", "/auth/v1/verify", {
    type: "email",
    email,
    token: code,
  });
  await call(url, "POST", "/api/user/web/register", { email }, session.access_token);
  return session.access_token;
}

/** Signs in with the password (a new session: moving the clock ends the old one's token). */
export async function logIn(url: string, email: string, password: string): Promise<string> {
  const session = await call<{ access_token: string }>(url, "POST", "/auth/v1/token?grant_type=password", {
    email,
    password,
  });
  return session.access_token;
}

/** Pays for the one-week plan in the payment simulator; returns when it is credited. */
export async function payWeek(url: string, token: string): Promise<void> {
  const plans = await call<{ id: number; price: number }[]>(url, "GET", "/api/plans/");
  const plan = plans.find((p) => p.id === 1) ?? plans[0];
  if (!plan) throw new Error("no plans");
  const init = await call<{ transaction_id: string }>(
    url,
    "POST",
    "/api/payment/web/init",
    { plan_id: plan.id, amount: plan.price, currency: "USD", payment_method: "USDTTRC" },
    token,
  );
  const invoice = await call<{ payment_url: string }>(
    url,
    "POST",
    "/api/exnode/invoice",
    {
      token: "USDTTRC",
      amount: plan.price,
      fiat_currency: "USD",
      client_transaction_id: init.transaction_id,
      redirect_url: `${url}/account/profile`,
      payform: true,
    },
    token,
  );
  const tracker = decodeURIComponent(new URL(invoice.payment_url).pathname.split("/").pop() ?? "");
  await call(url, "POST", `/sim/exnode/invoices/${encodeURIComponent(tracker)}/settle`, { status: "SUCCESS" });
  const info = await call<{ is_active: boolean }>(url, "GET", "/api/subscription/web/info", undefined, token);
  if (!info.is_active) throw new Error("the payment did not make the subscription active");
}

export interface PeerConfig {
  serverId: string;
  interface: { addresses: string[]; dns: string[] };
  peer: { publicKey: string; endpoint: string; allowedIps: string[] };
}

export function createDevice(url: string, token: string, publicKey: string, serverId: string) {
  return call<{ device: { id: string }; config: PeerConfig | null }>(
    url,
    "POST",
    "/api/devices",
    { publicKey, serverId },
    token,
  );
}

export function deleteDevice(url: string, token: string, id: string) {
  return call<null>(url, "DELETE", `/api/devices/${encodeURIComponent(id)}`, undefined, token);
}

export function serverNow(url: string) {
  return call<{ now: string }>(url, "GET", "/dev/clock");
}

export function moveClock(url: string, advanceSeconds: number) {
  return call<{ now: string }>(url, "POST", "/dev/clock", { advanceSeconds });
}

/** A .conf as a WireGuard app imports it, from the device's private key and the server's peer block. */
export function confFrom(privateKey: string, config: PeerConfig): string {
  return [
    "[Interface]",
    `PrivateKey = ${privateKey}`,
    `Address = ${config.interface.addresses.join(", ")}`,
    `DNS = ${config.interface.dns.join(", ")}`,
    "",
    "[Peer]",
    `PublicKey = ${config.peer.publicKey}`,
    `Endpoint = ${config.peer.endpoint}`,
    `AllowedIPs = ${config.peer.allowedIps.join(", ")}`,
    "",
  ].join("\n");
}
