/** /auth/v1: the GoTrue subset's HTTP surface. Behaviour lives in the use-case modules service.ts lists. */
import type { Context } from "hono";
import { Hono } from "hono";
import { createRemoteJWKSet } from "jose";
import { z } from "zod";
import type { Clock } from "../clock.js";
import type { Config } from "../config/index.js";
import { type Db, DbUnavailableError } from "../db/index.js";
import { clientIp, isClientGone, parseTrustedProxies, requestIdOf } from "../http/index.js";
import type { Logger } from "../logger.js";
import type { Mail } from "../mail/index.js";
import { AuthError, errorResponse, tooManyRequests } from "./errors.js";
import { HashingBusyError, passwordHashing } from "./hashing-queue.js";
import { authCors, echoApiVersion, limitBody, optionalObject, optionalText, readBody } from "./http-kit.js";
import { type AccessClaims, verifyAccessToken } from "./jwt.js";
import { createMfa, type Mfa, registerMfaRoutes } from "./mfa/index.js";
import { setPasswordHashCost } from "./passwords.js";
import { type AuthService, createAuthService, type RequestMeta } from "./service.js";

export interface Auth {
  /** The GoTrue subset, to mount at /auth/v1. */
  routes: Hono;
  /** The behaviour behind the routes (tests and admin tools use it directly). */
  service: AuthService;
  /** Two-factor sign-in (/factors…). */
  mfa: Mfa;
  /** Verifies an access token with this server's secret and clock (signature, expiry, audience, role). */
  verify(token: string): Promise<AccessClaims>;
}

const signupBody = z.object({ email: optionalText, password: optionalText, data: optionalObject });
const verifyBody = z.object({ email: optionalText, token: optionalText, token_hash: optionalText, type: optionalText });
const resendBody = z.object({ email: optionalText, type: optionalText });
const recoverBody = z.object({ email: optionalText });
const passwordGrantBody = z.object({ email: optionalText, phone: optionalText, password: optionalText });
const refreshGrantBody = z.object({ refresh_token: optionalText });
const updateUserBody = z.object({
  password: optionalText,
  email: optionalText,
  data: optionalObject,
  current_password: optionalText,
  nonce: optionalText,
});

export function createAuth(deps: { config: Config; db: Db; clock: Clock; logger: Logger; mail: Mail }): Auth {
  const { config, clock, logger } = deps;
  const service = createAuthService(deps);
  const mfa = createMfa(deps);
  // Hosted Supabase on asymmetric keys: their public keys, fetched on demand and cached 10 minutes.
  const jwks = config.JWT_JWKS_URL
    ? createRemoteJWKSet(new URL(config.JWT_JWKS_URL), { cacheMaxAge: 600_000 })
    : undefined;
  const routes = new Hono();
  const trustedProxies = parseTrustedProxies(config.TRUSTED_PROXIES);
  passwordHashing.configure({ concurrency: config.PASSWORD_HASH_CONCURRENCY, queue: config.PASSWORD_HASH_QUEUE });
  setPasswordHashCost(config.TEST_PASSWORD_HASH_COST);

  const meta = (c: Context): RequestMeta => ({
    ip: clientIp(c, trustedProxies),
    userAgent: c.req.header("User-Agent"),
    acceptLanguage: c.req.header("Accept-Language"),
  });

  routes.use("*", authCors, echoApiVersion, limitBody, async (c, next) => {
    await next();
    // Auth replies carry tokens and personal data: never cache them (ASVS 14.3.2).
    if (c.req.method !== "OPTIONS") c.header("Cache-Control", "no-store");
  });

  routes.onError((err, c) => {
    if (err instanceof AuthError) return errorResponse(c, err);
    if (isClientGone(err)) {
      logger.info({ requestId: requestIdOf(c), path: c.req.path }, "client went away mid-request");
      return errorResponse(c, new AuthError(400, "request_aborted", "Request aborted"));
    }
    if (err instanceof HashingBusyError) {
      return errorResponse(
        c,
        tooManyRequests(
          "over_request_rate_limit",
          "Too many requests right now, please try again shortly",
          err.retryAfter,
        ),
      );
    }
    // 503 is retryable for auth-js (AuthRetryableFetchError); the body keeps GoTrue's shape.
    if (err instanceof DbUnavailableError) {
      logger.warn({ requestId: requestIdOf(c), path: c.req.path, error: err.causeMessage }, "database unavailable");
      c.header("Retry-After", "5");
      return errorResponse(
        c,
        new AuthError(503, "unexpected_failure", "Service temporarily unavailable, please try again"),
      );
    }
    // The request's id (the access line's `requestId`, the X-Request-Id header) is the error's id.
    const errorId = requestIdOf(c) ?? crypto.randomUUID();
    // Only message and stack: database errors carry the query parameters (hashes, e-mails).
    const { message, stack } = err instanceof Error ? err : { message: String(err), stack: undefined };
    logger.error({ errorId, requestId: errorId, path: c.req.path, error: message, stack }, "auth request failed");
    return errorResponse(
      c,
      new AuthError(500, "unexpected_failure", "Unexpected failure, please try again", { error_id: errorId }),
    );
  });

  routes.get("/health", (c) =>
    c.json({ version: "veil-1", name: "GoTrue", description: "GoTrue is a user registration and authentication API" }),
  );
  routes.get("/settings", (c) => c.json(service.settings()));

  routes.post("/signup", async (c) => {
    // Sign-up hashes a password: refused at once, before any other work, while hashing is full.
    passwordHashing.assertRoom();
    return c.json(await service.signup(await readBody(c, signupBody), meta(c)));
  });

  routes.post("/verify", async (c) => {
    const { response } = await service.verify(await readBody(c, verifyBody), meta(c));
    return c.json(response);
  });

  routes.post("/resend", async (c) => {
    await service.resend(await readBody(c, resendBody), meta(c));
    return c.json({});
  });

  routes.post("/recover", async (c) => {
    await service.recover(await readBody(c, recoverBody), meta(c));
    return c.json({});
  });

  routes.post("/token", async (c) => {
    const grant = c.req.query("grant_type");
    if (grant === "password") {
      passwordHashing.assertRoom();
      return c.json(await service.passwordGrant(await readBody(c, passwordGrantBody), meta(c)));
    }
    if (grant === "refresh_token")
      return c.json(await service.refreshGrant(await readBody(c, refreshGrantBody), meta(c)));
    throw new AuthError(400, "invalid_credentials", "unsupported_grant_type");
  });

  routes.get("/user", async (c) => {
    const auth = await service.authenticate(c.req.header("Authorization"));
    return c.json(await service.getUser(auth));
  });

  routes.put("/user", async (c) => {
    const auth = await service.authenticate(c.req.header("Authorization"));
    const body = await readBody(c, updateUserBody);
    if (body.password !== undefined) await mfa.requireAal2IfEnrolled(auth);
    return c.json(await service.updateUser(auth, body, meta(c)));
  });

  // auth-js's reauthenticate() uses GET (as GoTrue routes it); POST is accepted too.
  routes.on(["GET", "POST"], "/reauthenticate", async (c) => {
    const auth = await service.authenticate(c.req.header("Authorization"));
    await service.reauthenticate(auth, meta(c));
    return c.json({});
  });

  routes.post("/logout", async (c) => {
    const auth = await service.authenticate(c.req.header("Authorization"));
    await service.logout(auth, await mfa.logoutScope(auth, c.req.query("scope")));
    return c.body(null, 204);
  });

  registerMfaRoutes(routes, {
    mfa,
    authenticate: (authorization) => service.authenticate(authorization),
    ip: (c) => clientIp(c, trustedProxies),
  });

  // Anything else under /auth/v1 is a JSON 404, never the web app's HTML.
  routes.all("*", () => {
    throw new AuthError(404, "not_found", "Not Found");
  });

  return {
    routes,
    service,
    mfa,
    verify: (token) =>
      verifyAccessToken(token, {
        secret: config.JWT_SECRET,
        clock,
        ...(config.JWT_ISSUER ? { issuer: config.JWT_ISSUER } : {}),
        ...(jwks ? { jwks } : {}),
      }),
  };
}
