/**
 * The agent's settings, all from the environment (README, "Configuration"), checked at start: a
 * bad value stops the agent with one line naming the variable, never a half-working node.
 */
import { isIPv4 } from "node:net";
import { z } from "zod";
import { poolProblem } from "./peers/validate.js";

const seconds = (fallback: number, min: number, max: number) =>
  z.coerce.number().finite().min(min).max(max).default(fallback);

/** Linux interface names: at most 15 bytes, no slash, no whitespace; also no leading dash (not an option to wg). */
const IFACE = /^[A-Za-z0-9_.=+][A-Za-z0-9_.=+-]{0,14}$/;

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  return host === "localhost" || host === "::1" || (isIPv4(host) && host.startsWith("127."));
}

const schema = z
  .object({
    VEIL_API_URL: z
      .url({ protocol: /^https?$/ })
      .refine((value) => {
        const url = new URL(value);
        return url.protocol === "https:" || isLoopbackHost(url.hostname);
      }, "must be https:// (plain http only to a loopback address: the node token travels with every request)")
      .refine((value) => !new URL(value).username && !new URL(value).password, "must not carry credentials"),
    VEIL_NODE_TOKEN: z.string().min(16).max(512).optional(),
    /** A file holding the token (systemd credentials); read again on every request, so rotation needs no restart. */
    VEIL_NODE_TOKEN_FILE: z.string().min(1).optional(),
    WG_INTERFACE: z
      .string()
      .regex(IFACE, "must be a network interface name (1–15 of A–Z a–z 0–9 _ . = + -)")
      .default("wg0"),
    WG_BIN: z.string().min(1).default("wg"),
    SYNC_WAIT_SECONDS: seconds(25, 0, 30),
    FULL_RECONCILE_SECONDS: seconds(300, 1, 86_400),
    REPORT_SECONDS: seconds(30, 1, 86_400),
    HEALTH_PORT: z.coerce.number().int().min(0).max(65_535).default(9090),
    HEALTH_HOST: z.string().min(1).default("127.0.0.1"),
    STATE_FILE: z.string().min(1).default("/var/lib/veil-node-agent/state.json"),
    /** Where customers' tunnel addresses lie (the server's DEVICE_IPV4_POOL / DEVICE_IPV6_PREFIX). */
    PEER_IPV4_POOL: z
      .string()
      .default("10.64.0.0/10")
      .superRefine((value, ctx) => {
        const problem = poolProblem(value, "ipv4");
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    PEER_IPV6_PREFIX: z
      .string()
      .default("fd00:7665:696c::/48")
      .superRefine((value, ctx) => {
        const problem = poolProblem(value, "ipv6");
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .refine((env) => !!env.VEIL_NODE_TOKEN !== !!env.VEIL_NODE_TOKEN_FILE, {
    message: "set exactly one of VEIL_NODE_TOKEN and VEIL_NODE_TOKEN_FILE",
    path: ["VEIL_NODE_TOKEN"],
  });

export type AgentConfig = z.infer<typeof schema>;

/** The configuration, or an Error whose message names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AgentConfig {
  const relevant = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(relevant);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`);
  throw new Error(`invalid configuration — ${problems.join("; ")}`);
}
