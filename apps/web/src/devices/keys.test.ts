import { x25519 } from "@noble/curves/ed25519.js";
import { describe, expect, it } from "vitest";
import { fromBase64 } from "./base64.js";
import { generateKeyPair, isKey, publicKeyProblem } from "./keys.js";

function publicKeyOf(privateKey: string): string {
  const secret = fromBase64(privateKey);
  if (!secret) throw new Error("not base64");
  return btoa(String.fromCharCode(...x25519.getPublicKey(secret)));
}

describe("generateKeyPair", () => {
  it("makes a pair with WebCrypto X25519 where the platform has it, whose public key belongs to its private key", async () => {
    const pair = await generateKeyPair();
    expect(pair.source).toBe("webcrypto");
    expect(isKey(pair.privateKey)).toBe(true);
    expect(isKey(pair.publicKey)).toBe(true);
    // The same key WireGuard would derive (noble is an independent implementation).
    expect(publicKeyOf(pair.privateKey)).toBe(pair.publicKey);
  });

  it("falls back to @noble/curves when WebCrypto has no X25519, with a matching pair", async () => {
    const refusing = {
      generateKey: () => Promise.reject(new DOMException("Unrecognized name", "NotSupportedError")),
    } as unknown as SubtleCrypto;
    const pair = await generateKeyPair({ subtle: refusing });
    expect(pair.source).toBe("noble");
    expect(publicKeyOf(pair.privateKey)).toBe(pair.publicKey);
  });

  it("falls back when there is no WebCrypto at all (an insecure context)", async () => {
    const pair = await generateKeyPair({ subtle: undefined });
    expect(pair.source).toBe("noble");
    expect(isKey(pair.publicKey)).toBe(true);
  });

  it("makes a different pair every time", async () => {
    const [a, b] = await Promise.all([generateKeyPair(), generateKeyPair()]);
    expect(a.privateKey).not.toBe(b.privateKey);
  });
});

describe("publicKeyProblem (the pasted key of 'I already have a key')", () => {
  const valid = "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=";

  it("accepts 32 bytes of base64, ignoring whitespace around them", () => {
    expect(publicKeyProblem(valid)).toBeNull();
    expect(publicKeyProblem(`  ${valid}\n`)).toBeNull();
  });

  it("calls an empty field empty", () => {
    expect(publicKeyProblem("   ")).toBe("empty");
  });

  it.each([
    ["too short", "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8D="],
    ["33 bytes", btoa("a".repeat(33))],
    ["not base64", "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8D!"],
    ["base64url", "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg"],
    ["a private key line pasted whole", `PrivateKey = ${valid}`],
    ["non-canonical padding bits", "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dh="],
  ])("refuses %s", (_, text) => {
    expect(publicKeyProblem(text)).toBe("invalid");
  });
});
