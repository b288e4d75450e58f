/**
 * Authenticator assurance of sessions (GoTrue's aal1/aal2 and amr): a verified code raises the
 * session that sent it to aal2 in place, with a new refresh token (the aal1 one can never mint an
 * aal2 token), and signs the user's other aal1 sessions out; removing the last authenticator lowers
 * every session back to aal1. Refresh keeps what the session row says (docs/product.md §11.4).
 */
import { randomBytes } from "node:crypto";
import type { Clock } from "../../clock.js";
import type { Config } from "../../config/index.js";
import type { Queryable } from "../../db/index.js";
import { AuthError } from "../errors.js";
import type { AmrEntry } from "../jwt.js";
import { insertRefreshToken, revokeLiveTokensOf } from "../stores/refresh-tokens.js";
import {
  deleteOtherAal1Sessions,
  lockRaisedSessions,
  lockUserSession,
  lockUserTokens,
  lowerToAal1,
  raiseToAal2,
} from "../stores/sessions.js";
import { type TokenResponse, tokenResponse } from "../token.js";

export type MfaMethod = "totp" | "mfa/recovery_code";
const MFA_METHODS: readonly string[] = ["totp", "mfa/totp", "mfa/recovery_code"];

/** A verified second factor answers the sign-in grants' token response (token.ts). */
export type MfaTokenResponse = TokenResponse;

/**
 * The aal2 rule, for /factors and the product API alike: a caller is aal2 only when its token says
 * so and its session still does (removing the last authenticator lowers the sessions, while tokens
 * minted before keep their claim until they expire). `sessionAal` is asked only for an aal2 token:
 * an aal1 token is never more, so no row is read for it.
 */
export async function isAal2(
  tokenAal: string,
  sessionAal: () => Promise<string | null> | string | null,
): Promise<boolean> {
  return tokenAal === "aal2" && (await sessionAal()) === "aal2";
}

/** The newest second-factor entry of an amr claim, in unix seconds; null when there is none. */
export function lastMfaAt(amr: readonly AmrEntry[]): number | null {
  const times = amr.filter((e) => MFA_METHODS.includes(e.method)).map((e) => Number(e.timestamp));
  return times.length ? Math.max(...times) : null;
}

/**
 * Raises `sessionId` to aal2 after `method` succeeded, inside `tx`, and answers with its new tokens.
 * The session's live refresh token is revoked and replaced by an unrelated random one, so a copy of
 * the old token (taken while the session was aal1) ends the session instead of refreshing it.
 */
export async function raiseSession(
  tx: Queryable,
  deps: { config: Config; clock: Clock },
  target: { userId: string; sessionId: string; method: MfaMethod; factorId: string },
): Promise<MfaTokenResponse> {
  const now = deps.clock.now();
  // Every refresh token of the user before any session row, the order a refresh takes them: this
  // revokes the session's token and deletes the aal1 sessions (stores/sessions.ts says why).
  await lockUserTokens(tx, target.userId);
  const session = await lockUserSession(tx, target.userId, target.sessionId);
  if (!session) throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
  // Newest first, one entry per method (GoTrue keeps one claim per method, updated on reuse).
  const amr: AmrEntry[] = [
    { method: target.method, timestamp: Math.floor(now.getTime() / 1000) },
    ...session.amr.filter((e) => e.method !== target.method),
  ];
  await raiseToAal2(tx, target.sessionId, amr, target.factorId, now);
  await revokeLiveTokensOf(tx, target.sessionId, now);
  const refreshToken = randomBytes(32).toString("base64url");
  await insertRefreshToken(tx, { token: refreshToken, sessionId: target.sessionId, userId: target.userId, now });
  // GoTrue signs out the user's sessions below aal2 once a factor is verified: a session opened
  // with only the password (possibly a stranger's) does not outlive the owner's second factor.
  await deleteOtherAal1Sessions(tx, target.userId, target.sessionId);
  // The token response of the sign-in grants (token.ts), at aal2, as GoTrue's MFA verify sends it.
  return tokenResponse(
    tx,
    deps,
    { userId: target.userId, sessionId: target.sessionId, refreshToken, amr, aal: "aal2" },
    () => new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist"),
  );
}

/** With no verified authenticator left, every session of the user counts as aal1 again. */
export async function lowerSessions(tx: Queryable, userId: string, now: Date): Promise<void> {
  for (const row of await lockRaisedSessions(tx, userId)) {
    await lowerToAal1(
      tx,
      row.id,
      row.amr.filter((e) => !MFA_METHODS.includes(e.method)),
      now,
    );
  }
}
