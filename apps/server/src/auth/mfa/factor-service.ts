/**
 * GoTrue's /factors for TOTP: enroll (secret, otpauth URI, QR code), challenge, verify (raises the
 * session to aal2), unenroll (aal2 and a recent code for a verified factor). Wire format and error
 * codes as GoTrue's `internal/api/mfa.go`; README "Two-factor sign-in" lists where we are stricter.
 */
import { randomUUID } from "node:crypto";
import type { Clock } from "../../clock.js";
import type { Config } from "../../config/index.js";
import type { Db, Queryable } from "../../db/index.js";
import type { Mail, NoticeKind } from "../../mail/index.js";
import { AuthError, tooManyRequests, validationFailed } from "../errors.js";
import { sha256Hex } from "../secrets.js";
import { isUuid } from "../session-check.js";
import {
  deleteFactor,
  deleteStaleUnverified,
  deleteUnverifiedTotp,
  findFactor,
  hasVerifiedTotp,
  insertTotpFactor,
  listFactors,
  lockRecoveryFactor,
  markChallenged,
  markVerified,
} from "../stores/factors.js";
import { deleteChallenge, deleteExpiredChallenges, insertChallenge, lockChallenge } from "../stores/mfa-challenges.js";
import { lockUserTokens } from "../stores/sessions.js";
import { findUserById, lockUser } from "../stores/users.js";
import { lowerSessions, type MfaTokenResponse, raiseSession } from "./assurance.js";
import { decryptSecret, encryptSecret, type MfaKeys } from "./crypto.js";
import { MAX_FRIENDLY_NAME_LENGTH } from "./factors.js";
import {
  type Caller,
  factorNotFound,
  type Guards,
  insufficientAal,
  needsRecentCode,
  reauthenticationNeeded,
} from "./guards.js";
import { notifyOwner } from "./notices.js";
import { matchingStep, newTotpSecret, otpauthUri, qrCodeSvg } from "./totp.js";

/** GoTrue's defaults: 10 factors per user; a challenge lives 5 minutes. */
export const MAX_FACTORS = 10;
export const CHALLENGE_TTL_SECONDS = 300;
/** An enrolment nobody confirmed is dropped when the user enrols again this much later. */
export const UNVERIFIED_FACTOR_TTL_SECONDS = 600;

export interface EnrollResponse {
  id: string;
  type: "totp";
  friendly_name: string;
  totp: { qr_code: string; secret: string; uri: string };
}

const challengeNotFound = () =>
  new AuthError(422, "mfa_factor_not_found", "MFA factor with the provided challenge ID not found");
const ipHash = (ip: string) => sha256Hex(`mfa-challenge\n${ip}`);

export function createFactorService(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  keys: MfaKeys;
  guards: Guards;
  mail: Pick<Mail, "enqueueNotice" | "kick">;
}) {
  const { config, db, clock, keys, guards, mail } = deps;

  const notify = (tx: Queryable, userId: string, template: NoticeKind) => notifyOwner(tx, mail, userId, template);

  return {
    async enroll(
      caller: Caller,
      body: { factor_type?: string | undefined; friendly_name?: string | undefined; issuer?: string | undefined },
      ip: string,
    ): Promise<EnrollResponse> {
      await guards.limitIp(guards.rules.ipEnroll, ip);
      if (body.factor_type === "phone" || body.factor_type === "webauthn") {
        throw new AuthError(
          422,
          `mfa_${body.factor_type}_enroll_not_enabled`,
          `MFA enroll is disabled for ${body.factor_type}`,
        );
      }
      if (body.factor_type !== "totp") throw validationFailed("factor_type needs to be totp, phone, or webauthn");
      const friendlyName = body.friendly_name?.trim() || null;
      if (friendlyName && friendlyName.length > MAX_FRIENDLY_NAME_LENGTH) {
        throw validationFailed("friendly_name is too long");
      }
      const issuer = body.issuer?.trim() || new URL(config.SITE_URL).host;
      if (issuer.length > 120) throw validationFailed("issuer is too long");
      const user = await findUserById(db, caller.userId);
      if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
      const secret = newTotpSecret();
      const uri = otpauthUri(secret, issuer, user.email);
      const id = randomUUID();
      // Read before the transaction: on PGlite a query outside it would wait for it (one connection).
      const aal2 = await guards.isAal2(caller);
      await db.transaction(async (tx) => {
        const now = clock.now();
        // Serialises enrolments of one user, so the factor cap holds under parallel requests.
        await lockUser(tx, user.id);
        await deleteStaleUnverified(tx, user.id, new Date(now.getTime() - UNVERIFIED_FACTOR_TTL_SECONDS * 1000));
        const factors = await listFactors(tx, user.id);
        if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) {
          throw new AuthError(
            422,
            "mfa_factor_name_conflict",
            `A factor with the friendly name "${friendlyName}" for this user already exists`,
          );
        }
        if (factors.length >= MAX_FACTORS) {
          throw new AuthError(
            422,
            "too_many_enrolled_mfa_factors",
            "Maximum number of verified factors reached, unenroll to continue",
          );
        }
        if (factors.some((f) => f.status === "verified")) {
          if (!aal2) throw insufficientAal(403, "AAL2 required to enroll a new factor");
          // An aal2 token alone is not enough (a stolen one would add the thief's authenticator):
          // a code of a factor the user already has must back it.
          if (!(await guards.recentCodeOfExistingFactor(tx, caller))) throw needsRecentCode("add an authenticator");
        } else if (!(await guards.mailboxProvenRecently(tx, caller))) {
          // The first authenticator needs a mailed code (or a session a mailed code just opened):
          // else the password or a stolen token would turn it on with the thief's app and keep the
          // owner out for good, her reset by mail included.
          throw reauthenticationNeeded();
        }
        await insertTotpFactor(tx, {
          id,
          userId: user.id,
          friendlyName,
          encryptedSecret: encryptSecret(keys, id, secret),
          now,
        });
      });
      return {
        id,
        type: "totp",
        friendly_name: friendlyName ?? "",
        totp: { qr_code: await qrCodeSvg(uri), secret, uri },
      };
    },

    async challenge(caller: Caller, factorId: string, ip: string) {
      await guards.limitIp(guards.rules.ipChallenge, ip);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const factor = await findFactor(tx, caller.userId, factorId, true);
        if (!factor) throw factorNotFound();
        if (factor.factor_type !== "totp") throw validationFailed("factor_type needs to be totp, phone, or webauthn");
        await deleteExpiredChallenges(tx, factor.id, now);
        const id = randomUUID();
        const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000);
        await insertChallenge(tx, {
          id,
          factorId: factor.id,
          sessionId: caller.sessionId,
          ipHash: ipHash(ip),
          now,
          expiresAt,
        });
        await markChallenged(tx, factor.id, now);
        return { id, type: "totp" as const, expires_at: Math.floor(expiresAt.getTime() / 1000) };
      });
    },

    async verify(
      caller: Caller,
      factorId: string,
      body: { challenge_id?: string | undefined; code?: string | undefined },
      ip: string,
    ): Promise<MfaTokenResponse> {
      await guards.limitIp(guards.rules.ipVerify, ip);
      if (!body.code) throw validationFailed("Code needs to be non-empty");
      const known = await findFactor(db, caller.userId, factorId);
      if (!known) throw factorNotFound();
      if (known.factor_type !== "totp") throw validationFailed("factor_type needs to be totp, phone, or webauthn");
      // The try is counted before anything is checked; only a wrong code keeps it (see guards.ts).
      const reserved = await guards.limiter.hit(guards.rules.totpFail, caller.userId);
      if (!reserved.allowed) {
        throw tooManyRequests(
          "over_request_rate_limit",
          "Too many wrong codes. Please wait before trying again, or use a recovery code.",
          reserved.retryAfter,
        );
      }
      type Outcome = { ok: true; response: MfaTokenResponse } | { ok: false; error: AuthError; counts: boolean };
      let outcome: Outcome;
      // Read before the transaction, as in enroll (PGlite has one connection).
      const aal2 = await guards.isAal2(caller);
      try {
        outcome = await db.transaction(async (tx): Promise<Outcome> => {
          const now = clock.now();
          // The user's refresh tokens come first, as for everything that ends or raises sessions
          // (stores/sessions.ts): an account deletion takes them before the factors its cascade
          // removes, so taking the factor first deadlocked against it (40P01).
          await lockUserTokens(tx, caller.userId);
          // Then the factor row: verifications of one factor run one after another, so one code
          // (one time step) can succeed once only, however many requests carry it.
          const factor = await findFactor(tx, caller.userId, factorId, true);
          if (!factor?.secret) return { ok: false, error: factorNotFound(), counts: false };
          // Confirming another authenticator beside a verified one needs aal2, as enrolling it does:
          // else a password-only session could lift itself to aal2 with an enrolment of its own
          // that outlived the owner's verify (an enrol committed while that verify ran).
          const confirming = factor.status === "unverified";
          const besideVerified = confirming && (await hasVerifiedTotp(tx, caller.userId, factor.id));
          if (besideVerified && !aal2) {
            return { ok: false, error: insufficientAal(403, "AAL2 required to verify a new factor"), counts: false };
          }
          // And a recent code of a factor the user already had, as enrolling it: the new factor's
          // own code proves only that whoever enrolled it holds it.
          if (besideVerified && !(await guards.recentCodeOfExistingFactor(tx, caller))) {
            return { ok: false, error: needsRecentCode("add an authenticator"), counts: false };
          }
          const challenge = await lockChallenge(
            tx,
            isUuid(body.challenge_id) ? body.challenge_id : randomUUID(),
            factor.id,
          );
          if (!challenge || challenge.session_id !== caller.sessionId) {
            return { ok: false, error: challengeNotFound(), counts: false };
          }
          if (challenge.ip_hash !== ipHash(ip)) {
            const error = new AuthError(422, "mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
            return { ok: false, error, counts: false };
          }
          if (challenge.expires_at.getTime() <= now.getTime()) {
            await deleteChallenge(tx, body.challenge_id);
            const error = new AuthError(
              422,
              "mfa_challenge_expired",
              `MFA challenge ${body.challenge_id} has expired, verify against another challenge or create a new challenge.`,
            );
            return { ok: false, error, counts: false };
          }
          const secret = decryptSecret(keys, factor.id, factor.secret);
          if (!secret) throw new Error(`factor ${factor.id}: secret does not decrypt with MFA_ENCRYPTION_KEY`);
          const used = factor.last_used_step === null ? null : Number(factor.last_used_step);
          const step = matchingStep(secret, (body.code ?? "").trim(), now, used);
          if (step === null) {
            const error = new AuthError(422, "mfa_verification_failed", "Invalid TOTP code entered");
            return { ok: false, error, counts: true };
          }
          // Used: the challenge is gone, and this time step (and every older one) is spent.
          await deleteChallenge(tx, body.challenge_id);
          await markVerified(tx, factor.id, step, now);
          // Half-finished enrolments of the same kind go once one is confirmed (GoTrue does the same).
          await deleteUnverifiedTotp(tx, caller.userId);
          const response = await raiseSession(tx, deps, { ...caller, method: "totp", factorId: factor.id });
          if (confirming)
            await notify(tx, caller.userId, besideVerified ? "authenticator_added" : "two_factor_enabled");
          return { ok: true, response };
        });
      } catch (err) {
        await guards.limiter.release(guards.rules.totpFail, caller.userId);
        throw err;
      }
      if (outcome.ok || !outcome.counts) await guards.limiter.release(guards.rules.totpFail, caller.userId);
      if (!outcome.ok) throw outcome.error;
      mail.kick();
      return outcome.response;
    },

    async unenroll(caller: Caller, factorId: string): Promise<{ id: string }> {
      const aal2 = await guards.isAal2(caller);
      const removed = await db.transaction(async (tx) => {
        // The user's row first, as enrolling and generating recovery codes take it: two removals
        // side by side would each see the other's authenticator still there and both go through,
        // leaving recovery codes as the only factor and every session at aal2.
        await lockUser(tx, caller.userId);
        const factor = await findFactor(tx, caller.userId, factorId, true);
        if (!factor) throw factorNotFound();
        if (factor.factor_type === "recovery_code") {
          throw new AuthError(
            422,
            "validation_failed",
            "Recovery codes cannot be unenrolled with this endpoint, use DELETE /factors/recovery-codes",
          );
        }
        if (factor.status === "verified") {
          if (!aal2) throw insufficientAal(422, "AAL2 required to unenroll verified factor");
          // A stolen aal2 token alone must not remove a factor: a fresh code of one the user already
          // had (this one included) must back it.
          if (!(await guards.recentCodeOfExistingFactor(tx, caller))) throw needsRecentCode();
          const othersLeft = await hasVerifiedTotp(tx, caller.userId, factor.id);
          const hasRecoveryCodes = await lockRecoveryFactor(tx, caller.userId);
          if (!othersLeft && hasRecoveryCodes) {
            throw new AuthError(
              422,
              "mfa_recovery_codes_sole_factor",
              "Recovery codes cannot be the only verified factor. Please enroll another factor before unenrolling this one or delete your recovery codes.",
            );
          }
          await deleteFactor(tx, factor.id);
          if (!othersLeft) {
            await lowerSessions(tx, caller.userId, clock.now());
            await notify(tx, caller.userId, "two_factor_disabled");
          } else {
            await notify(tx, caller.userId, "authenticator_removed");
          }
        } else {
          await deleteFactor(tx, factor.id);
        }
        return { id: factor.id };
      });
      mail.kick();
      return removed;
    },
  };
}

export type FactorService = ReturnType<typeof createFactorService>;
