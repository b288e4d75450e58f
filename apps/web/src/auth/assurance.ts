import type { Session, User } from "@supabase/supabase-js";
import type { UserMessage } from "../api/errors.js";
import { type IdentityError, identityErrorMessage } from "./identity-errors.js";
import { rateLimitMessage } from "./rate-limit-wait.js";

/**
 * Two-factor sign-in on the client (docs/product.md §11.4). The access token's `aal` says whether
 * this session has given its second factor; the user's `factors` say whether it has one to give.
 */

/** The user's confirmed authenticator (TOTP factor), if two-factor sign-in is on. */
export function verifiedTotpFactor(user: User | null | undefined) {
  return user?.factors?.find((f) => f.factor_type === "totp" && f.status === "verified");
}

/** `aal` of an access token, read without verifying it (the server does that). */
export function tokenAal(accessToken: string): string | null {
  try {
    const payload = accessToken.split(".")[1] ?? "";
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const aal = (JSON.parse(json) as { aal?: unknown }).aal;
    return typeof aal === "string" ? aal : null;
  } catch {
    return null;
  }
}

/**
 * A session that has only the password (aal1) of a user with an authenticator: the sign-in is not
 * finished until the code is entered. Such a session is not "signed in" for the app.
 */
export function needsSecondFactor(session: Session | null | undefined): boolean {
  if (!session) return false;
  return verifiedTotpFactor(session.user) !== undefined && tokenAal(session.access_token) !== "aal2";
}

/** What a refused authenticator code says to the user. */
export function codeErrorMessage(error: IdentityError): UserMessage {
  if (error.code === "mfa_verification_failed") return { key: "twoFactor.signIn.invalidCode" };
  return rateLimitMessage(error) ?? identityErrorMessage(error);
}
