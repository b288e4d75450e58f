import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { AccessTokenError, signAccessToken, verifyAccessToken } from "../../src/auth/index.js";
import { createTestClock } from "../../src/clock.js";

const secret = "a-test-secret-that-is-at-least-32-chars";
const clock = createTestClock("2026-03-01T12:00:00Z");
const claims = {
  sub: "6f1c1f0e-2b9e-4c1a-9a51-0c1d2e3f4a5b",
  email: "a@example.com",
  phone: "",
  role: "authenticated",
  aal: "aal1",
  amr: [{ method: "password", timestamp: 1 }],
  session_id: "0d9e8f7a-6b5c-4d3e-2f1a-0b9c8d7e6f5a",
  is_anonymous: false,
  app_metadata: { provider: "email" },
  user_metadata: {},
};

async function reason(token: string, opts = { secret, clock }): Promise<string> {
  try {
    await verifyAccessToken(token, opts);
    return "accepted";
  } catch (err) {
    expect(err).toBeInstanceOf(AccessTokenError);
    expect((err as AccessTokenError).code).toBe("bad_jwt");
    return (err as AccessTokenError).reason;
  }
}

describe("given access tokens checked by verifyAccessToken (the check /api uses too)", () => {
  it("should accept a token it signed and return its claims", async () => {
    const { token, expiresAt } = await signAccessToken(claims, { secret, clock, expiresIn: 3600 });
    const verified = await verifyAccessToken(token, { secret, clock });
    expect(verified).toMatchObject({ ...claims, aud: "authenticated", exp: expiresAt });
  });

  it("should accept a token shaped like hosted Supabase's, signed with the project secret", async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const token = await new SignJWT({ ...claims, aud: "authenticated", iss: "https://abcd.supabase.co/auth/v1" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(secret));
    expect((await verifyAccessToken(token, { secret, clock, issuer: "https://abcd.supabase.co/auth/v1" })).sub).toBe(
      claims.sub,
    );
  });

  it("should refuse a token signed with another secret", async () => {
    const { token } = await signAccessToken(claims, {
      secret: "another-secret-of-plenty-of-characters",
      clock,
      expiresIn: 3600,
    });
    expect(await reason(token)).toBe("signature");
  });

  it("should refuse an expired token by the injected clock", async () => {
    const { token } = await signAccessToken(claims, { secret, clock, expiresIn: 60 });
    const later = createTestClock(clock.now().getTime() + 61_000);
    expect(await reason(token, { secret, clock: later })).toBe("expired");
  });

  it("should refuse an unsigned (alg none) token", async () => {
    const token = new UnsecuredJWT({ ...claims, aud: "authenticated" }).setExpirationTime("1h").encode();
    expect(await reason(`${token}`)).not.toBe("accepted");
  });

  it("should refuse another audience and another role", async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const sign = (extra: Record<string, unknown>) =>
      new SignJWT({ ...claims, aud: "authenticated", ...extra })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode(secret));
    expect(await reason(await sign({ aud: "service" }))).toBe("claims");
    expect(await reason(await sign({ role: "service_role" }))).toBe("claims");
  });

  it("should accept an ES256 token from hosted Supabase's new signing keys only when their JWKS is configured", async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "key-1", alg: "ES256", use: "sig" };
    const jwks = createLocalJWKSet({ keys: [jwk] });
    const now = Math.floor(clock.now().getTime() / 1000);
    const token = await new SignJWT({ ...claims, aud: "authenticated" })
      .setProtectedHeader({ alg: "ES256", kid: "key-1", typ: "JWT" })
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    expect((await verifyAccessToken(token, { secret, clock, jwks })).sub).toBe(claims.sub);
    expect(await reason(token)).not.toBe("accepted");
    // Our own HS256 tokens keep working alongside.
    const ours = await signAccessToken(claims, { secret, clock, expiresIn: 600 });
    expect((await verifyAccessToken(ours.token, { secret, clock, jwks })).sub).toBe(claims.sub);
    // An HS256 token signed with the *public* key as secret (algorithm confusion) is refused.
    const confused = await new SignJWT({ ...claims, aud: "authenticated" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(JSON.stringify(jwk)));
    await expect(verifyAccessToken(confused, { secret, clock, jwks })).rejects.toBeInstanceOf(AccessTokenError);
  });

  it("should refuse garbage", async () => {
    expect(await reason("not-a-token")).toBe("malformed");
    expect(await reason("a.b.c")).toBe("malformed");
  });
});
