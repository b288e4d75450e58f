/**
 * An authenticator app for the e2e suites: TOTP codes from a secret (the `otpauth` library the
 * server uses, same parameters: SHA-1, 6 digits, 30 s) and a fixed enrolment for screenshots.
 */
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/** The code an authenticator app shows for `secret` at `at` (ms since the epoch, or a date). */
export function totpCode(secret: string, at: number | Date | string = Date.now()): string {
  const timestamp = typeof at === "number" ? at : new Date(at).getTime();
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp });
}

/** The key shown while enrolling in screenshots (the real one is random). */
export const FIXED_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/**
 * The `totp` part of POST /auth/v1/factors for FIXED_TOTP_SECRET, in the server's format (bare SVG
 * with named colours: apps/server/src/auth/mfa/totp.ts), so an enrolment screen is the same every run.
 */
export async function fixedTotpEnrolment(issuer: string, account: string) {
  const uri = new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(FIXED_TOTP_SECRET),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).toString();
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  const qr_code = svg
    .replace(/fill="#ffffff"/g, 'fill="white"')
    .replace(/stroke="#000000"/g, 'stroke="black"')
    .trim();
  return { qr_code, secret: FIXED_TOTP_SECRET, uri };
}
