/**
 * TOTP (RFC 6238) as authenticator apps and GoTrue use it: SHA-1, 6 digits, 30-second steps, a
 * 20-byte secret; a code of the step before or after is accepted for clock drift. Codes come from
 * the `otpauth` library, the QR code from `qrcode` (README: dependencies).
 */
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { constantTimeEqual } from "../../constant-time.js";

export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps of drift accepted on either side of the current one. */
const DRIFT_STEPS = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/**
 * The QR code of `uri` as bare SVG markup, the form GoTrue sends: auth-js prefixes
 * `data:image/svg+xml;utf-8,` itself. Colours are named, not `#rrggbb`, because a `#` would end
 * that (unencoded) data URI early.
 */
export async function qrCodeSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return svg
    .replace(/fill="#ffffff"/g, 'fill="white"')
    .replace(/stroke="#000000"/g, 'stroke="black"')
    .trim();
}

export const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The time step `code` belongs to, among the current one and its neighbours, and newer than
 * `usedStep` (a step already used is never accepted again: no replay); null when none matches.
 */
export function matchingStep(secret: string, code: string, now: Date, usedStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = Secret.fromBase32(secret);
  const current = stepAt(now);
  let found: number | null = null;
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    const expected = TOTP.generate({
      secret: key,
      algorithm: "SHA1",
      digits: DIGITS,
      period: TOTP_PERIOD_SECONDS,
      timestamp: step * TOTP_PERIOD_SECONDS * 1000,
    });
    // Every step is compared, in constant time, so timing says nothing about which one matched.
    if (constantTimeEqual(expected, code) && (usedStep === null || step > usedStep)) {
      found = step;
    }
  }
  return found;
}
