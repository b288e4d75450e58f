/**
 * Security headers for every response the server sends (web pages, assets, /api, /auth/v1, the dev
 * mailbox, the simulator's pay page), built on Hono's `secureHeaders`. README "Security" lists them.
 */
import { createHash } from "node:crypto";
import { PAGE_START_SCRIPT } from "@veil/contracts/constants";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

export interface SecurityHeaderOptions {
  /** HSTS is sent in production only: on plain-HTTP development hosts it would pin a browser to HTTPS. */
  production: boolean;
  /** Extra origins the web app may fetch from (a hosted Supabase project), added to `connect-src`. */
  connectSrc?: string[];
}

/**
 * The one inline script the web build emits (a prerendered page's start-up after its first paint,
 * @veil/contracts `PAGE_START_SCRIPT`), allowed by its hash: any other inline script, or this one
 * changed by a single character, is refused.
 */
export const PAGE_START_SCRIPT_HASH = `'sha256-${createHash("sha256").update(PAGE_START_SCRIPT).digest("base64")}'`;

/**
 * The Content-Security-Policy. Scripts only from our origin, plus the page start-up script by its
 * hash; no `unsafe-inline`, no `unsafe-eval`. Styles allow inline because Radix's scroll lock injects a `<style>` element at run time
 * and the simulator page and dev mailbox carry theirs inline; style injection cannot run code.
 */
export function contentSecurityPolicy(extra: { connectSrc?: string[]; formAction?: string[] } = {}): string {
  const connectSrc = extra.connectSrc ?? [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", PAGE_START_SCRIPT_HASH]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:"]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", ...connectSrc]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'", ...(extra.formAction ?? [])]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** Sets the headers after the handler ran, on every status. */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  const csp = contentSecurityPolicy({ connectSrc: options.connectSrc ?? [] });
  const base = secureHeaders({
    // Passed as a plain string (overridable header) so the policy text above is exactly what is sent.
    contentSecurityPolicy: undefined,
    strictTransportSecurity: options.production ? "max-age=63072000; includeSubDomains" : false,
    xFrameOptions: "DENY",
    referrerPolicy: "same-origin",
    crossOriginOpenerPolicy: "same-origin",
    crossOriginResourcePolicy: "same-origin",
    xContentTypeOptions: "nosniff",
    permissionsPolicy: {
      accelerometer: [],
      camera: [],
      geolocation: [],
      gyroscope: [],
      magnetometer: [],
      microphone: [],
      payment: [],
      usb: [],
    },
  });
  return async (c, next) => {
    await base(c, async () => {
      await next();
      // A handler may send a narrower variant built with contentSecurityPolicy() (the simulator's
      // pay page allows its form to redirect back to the shop); everything else gets the default.
      if (!c.res.headers.has("Content-Security-Policy")) c.header("Content-Security-Policy", csp);
    });
  };
}
