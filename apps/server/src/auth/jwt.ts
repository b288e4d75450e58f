/**
 * Access tokens: HS256 JWTs with exactly the claims GoTrue issues (README, "Identity"), so the same
 * verification accepts our tokens and a hosted Supabase project's (signed with its JWT secret).
 */
import { webcrypto } from "node:crypto";
import { decodeProtectedHeader, type JWTVerifyGetKey, errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { type Clock, systemClock } from "../clock.js";

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessClaims {
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  iss?: string;
  email: string;
  phone: string;
  role: string;
  aal: string;
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
}

export const ACCESS_TOKEN_AUDIENCE = "authenticated";

/** Why a token was refused. `code` is GoTrue's wire code for it. */
export class AccessTokenError extends Error {
  override name = "AccessTokenError";
  readonly code = "bad_jwt";
  constructor(
    readonly reason: "malformed" | "signature" | "expired" | "claims",
    detail: string,
  ) {
    super(`invalid JWT: unable to parse or verify signature, ${detail}`);
  }
}

const encoder = new TextEncoder();
/**
 * One imported HMAC key per secret. Given raw bytes, jose imports a key on every call, which was
 * about 60% of the cost of verifying a token (measured: ~100 µs → ~40 µs; BENCHMARKS.md).
 */
const importedKeys = new Map<string, Promise<webcrypto.CryptoKey>>();
function keyFor(secret: string): Promise<webcrypto.CryptoKey> {
  let key = importedKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    importedKeys.set(secret, key);
  }
  return key;
}

export interface SignOptions {
  secret: string;
  clock?: Clock;
  /** Lifetime in seconds. */
  expiresIn: number;
  issuer?: string;
}

export async function signAccessToken(
  claims: Omit<AccessClaims, "exp" | "iat" | "aud" | "iss">,
  opts: SignOptions,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor((opts.clock ?? systemClock).now().getTime() / 1000);
  const exp = iat + opts.expiresIn;
  let jwt = new SignJWT({ ...claims, aud: ACCESS_TOKEN_AUDIENCE })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(iat)
    .setExpirationTime(exp);
  if (opts.issuer) jwt = jwt.setIssuer(opts.issuer);
  return { token: await jwt.sign(await keyFor(opts.secret)), expiresAt: exp };
}

export interface VerifyOptions {
  secret: string;
  clock?: Clock;
  /** When set, `iss` must equal it. */
  issuer?: string;
  /**
   * Public keys for asymmetrically signed tokens (hosted Supabase's new signing keys), e.g.
   * `createRemoteJWKSet(new URL(JWT_JWKS_URL))`. Without it only HS256 tokens are accepted.
   */
  jwks?: JWTVerifyGetKey;
}

const ASYMMETRIC = ["ES256", "RS256"];

/**
 * Verifies an access token's signature (HS256 with the secret, or ES256/RS256 against `jwks` when
 * given; never `alg: none`),
 * expiry, audience `authenticated` and role. Says nothing about logout or bans: for that, also
 * call `requireActiveSession` (the token stays valid offline until `exp`).
 */
export async function verifyAccessToken(token: string, opts: VerifyOptions): Promise<AccessClaims> {
  if (typeof token !== "string" || token.split(".").length !== 3) {
    throw new AccessTokenError("malformed", "token is malformed");
  }
  const now = (opts.clock ?? systemClock).now();
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    throw new AccessTokenError("malformed", "token is malformed");
  }
  // The key type follows from configuration, never from the token alone (no algorithm confusion):
  // ES256/RS256 only against the configured JWKS, everything else only as HS256 with the secret.
  const asymmetric = opts.jwks !== undefined && alg !== undefined && ASYMMETRIC.includes(alg);
  let payload: Record<string, unknown>;
  try {
    const options = {
      algorithms: asymmetric ? ASYMMETRIC : ["HS256"],
      audience: ACCESS_TOKEN_AUDIENCE,
      currentDate: now,
      requiredClaims: ["exp", "sub"],
      ...(opts.issuer ? { issuer: opts.issuer } : {}),
    };
    const result =
      asymmetric && opts.jwks
        ? await jwtVerify(token, opts.jwks, options)
        : await jwtVerify(token, await keyFor(opts.secret), options);
    payload = result.payload as Record<string, unknown>;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired)
      throw new AccessTokenError("expired", "token has invalid claims: token is expired");
    if (err instanceof joseErrors.JWTClaimValidationFailed) {
      throw new AccessTokenError("claims", `token has invalid claims: ${err.message}`);
    }
    if (
      err instanceof joseErrors.JWSSignatureVerificationFailed ||
      err instanceof joseErrors.JOSEAlgNotAllowed ||
      err instanceof joseErrors.JWKSNoMatchingKey
    ) {
      throw new AccessTokenError("signature", "signature is invalid");
    }
    throw new AccessTokenError("malformed", "token is malformed");
  }
  if (typeof payload.sub !== "string" || payload.sub === "") {
    throw new AccessTokenError("claims", "token has invalid claims: sub is missing");
  }
  if (payload.role !== "authenticated") {
    throw new AccessTokenError("claims", "token has invalid claims: role is not authenticated");
  }
  return {
    sub: payload.sub,
    aud: ACCESS_TOKEN_AUDIENCE,
    exp: Number(payload.exp),
    iat: Number(payload.iat ?? 0),
    ...(typeof payload.iss === "string" ? { iss: payload.iss } : {}),
    email: typeof payload.email === "string" ? payload.email : "",
    phone: typeof payload.phone === "string" ? payload.phone : "",
    role: payload.role,
    aal: typeof payload.aal === "string" ? payload.aal : "aal1",
    amr: Array.isArray(payload.amr) ? (payload.amr as AmrEntry[]) : [],
    session_id: typeof payload.session_id === "string" ? payload.session_id : "",
    is_anonymous: payload.is_anonymous === true,
    app_metadata: (payload.app_metadata as Record<string, unknown>) ?? {},
    user_metadata: (payload.user_metadata as Record<string, unknown>) ?? {},
  };
}
