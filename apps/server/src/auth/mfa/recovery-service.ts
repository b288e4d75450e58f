/**
 * Recovery codes, on the wire of auth-js's `mfa.recoveryCodes` (GoTrue's `/factors/recovery-codes`,
 * experimental there): one set of ten single-use codes per user, shown once, stored as HMACs, only
 * beside a verified authenticator. A code stands in for an authenticator code: it raises the
 * session to aal2 (amr `mfa/recovery_code`). README, "Two-factor sign-in".
 */
import { randomUUID } from "node:crypto";
import type { Clock } from "../../clock.js";
import type { Config } from "../../config/index.js";
import type { Db, Queryable } from "../../db/index.js";
import { rateLimitSubject } from "../../http/index.js";
import type { Mail } from "../../mail/index.js";
import { AuthError, tooManyRequests, validationFailed } from "../errors.js";
import {
  deleteFactor,
  factorNameTaken,
  findRecoveryFactor,
  hasVerifiedTotp,
  insertRecoveryFactor,
  touchFactor,
} from "../stores/factors.js";
import { countRecoveryCodes, replaceRecoveryCodes, useRecoveryCode } from "../stores/recovery-codes.js";
import { lockUserTokens } from "../stores/sessions.js";
import { lockUser } from "../stores/users.js";
import { type MfaTokenResponse, raiseSession } from "./assurance.js";
import { canonicalRecoveryCode, hashRecoveryCode, type MfaKeys, newRecoveryCodes } from "./crypto.js";
import { MAX_FRIENDLY_NAME_LENGTH } from "./factors.js";
import { type Caller, type Guards, insufficientAal, needsRecentCode } from "./guards.js";
import { notifyOwner } from "./notices.js";

export interface RecoveryCodesIssued {
  id: string;
  type: "recovery_code";
  friendly_name: string;
  total: number;
  codes: string[];
}

const noCodes = () => new AuthError(404, "mfa_factor_not_found", "No recovery codes have been generated");
const wrongCode = () => new AuthError(422, "mfa_verification_failed", "Invalid recovery code entered");
const DEFAULT_NAME = "Recovery codes";

export function createRecoveryService(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  keys: MfaKeys;
  guards: Guards;
  mail: Pick<Mail, "enqueueNotice" | "kick">;
}) {
  const { db, clock, keys, guards, mail } = deps;

  /**
   * New codes and deleted codes need, beside aal2, a recent code of a factor the user already has
   * (an authenticator, or a code of the set itself): else a stolen aal2 token would make codes of
   * its own, or void the owner's printed ones. Inside `tx` (PGlite has one connection).
   */
  async function requireRecentCode(tx: Queryable, caller: Caller, what: string): Promise<void> {
    if (!(await guards.recentCodeOfExistingFactor(tx, caller))) throw needsRecentCode(what);
  }

  async function requireAal2(caller: Caller): Promise<void> {
    if (!(await guards.isAal2(caller))) throw insufficientAal(403, "AAL2 required to manage recovery codes");
  }

  /** Replaces the set's codes by ten new ones, inside `tx`; returns them in clear, once. */
  async function storeNewCodes(tx: Queryable, factorId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(
      tx,
      factorId,
      codes.map((code) => hashRecoveryCode(keys, factorId, code)),
    );
    return codes;
  }

  return {
    async status(caller: Caller) {
      const factor = await findRecoveryFactor(db, caller.userId);
      if (!factor) throw noCodes();
      const counts = await countRecoveryCodes(db, factor.id);
      return {
        id: factor.id,
        type: "recovery_code" as const,
        total: counts?.total ?? 0,
        remaining: counts?.remaining ?? 0,
      };
    },

    async generate(caller: Caller, friendlyName: string | undefined): Promise<RecoveryCodesIssued> {
      await requireAal2(caller);
      const name = friendlyName?.trim() || DEFAULT_NAME;
      if (name.length > MAX_FRIENDLY_NAME_LENGTH) throw validationFailed("friendly_name is too long");
      const issued = await db.transaction(async (tx) => {
        const now = clock.now();
        await lockUser(tx, caller.userId);
        if (!(await hasVerifiedTotp(tx, caller.userId))) {
          throw new AuthError(
            422,
            "mfa_recovery_codes_sole_factor",
            "Recovery codes need another verified factor: enroll and verify an authenticator first",
          );
        }
        await requireRecentCode(tx, caller, "make recovery codes");
        if (await findRecoveryFactor(tx, caller.userId)) {
          throw new AuthError(
            422,
            "mfa_verified_factor_exists",
            "Recovery codes already exist, regenerate them to get a new set",
          );
        }
        if (await factorNameTaken(tx, caller.userId, name)) {
          throw new AuthError(
            422,
            "mfa_factor_name_conflict",
            `A factor with the friendly name "${name}" for this user already exists`,
          );
        }
        const id = randomUUID();
        await insertRecoveryFactor(tx, { id, userId: caller.userId, friendlyName: name, now });
        const codes = await storeNewCodes(tx, id);
        await notifyOwner(tx, mail, caller.userId, "recovery_codes_created");
        return { id, type: "recovery_code" as const, friendly_name: name, total: codes.length, codes };
      });
      mail.kick();
      return issued;
    },

    async regenerate(caller: Caller): Promise<RecoveryCodesIssued> {
      await requireAal2(caller);
      const issued = await db.transaction(async (tx) => {
        const factor = await findRecoveryFactor(tx, caller.userId, true);
        if (!factor) throw noCodes();
        await requireRecentCode(tx, caller, "make new recovery codes");
        await touchFactor(tx, factor.id, clock.now());
        const codes = await storeNewCodes(tx, factor.id);
        await notifyOwner(tx, mail, caller.userId, "recovery_codes_regenerated");
        return {
          id: factor.id,
          type: "recovery_code" as const,
          friendly_name: factor.friendly_name ?? DEFAULT_NAME,
          total: codes.length,
          codes,
        };
      });
      mail.kick();
      return issued;
    },

    async remove(caller: Caller): Promise<{ id: string }> {
      await requireAal2(caller);
      const removed = await db.transaction(async (tx) => {
        const factor = await findRecoveryFactor(tx, caller.userId, true);
        if (!factor) throw noCodes();
        await requireRecentCode(tx, caller, "delete recovery codes");
        await deleteFactor(tx, factor.id);
        await notifyOwner(tx, mail, caller.userId, "recovery_codes_removed");
        return { id: factor.id };
      });
      mail.kick();
      return removed;
    },

    /** Uses up one code and raises the caller's session to aal2. */
    async verify(caller: Caller, typed: string | undefined, ip: string): Promise<MfaTokenResponse> {
      await guards.limitIp(guards.rules.ipVerify, ip);
      const subject = `${caller.userId}|${rateLimitSubject(ip)}`;
      const reserved = await guards.limiter.hit(guards.rules.recoveryFail, subject);
      if (!reserved.allowed) {
        throw tooManyRequests(
          "mfa_recovery_codes_locked",
          "Too many wrong recovery codes. Please wait before trying again.",
          reserved.retryAfter,
        );
      }
      const code = canonicalRecoveryCode(typed ?? "");
      let response: MfaTokenResponse | null;
      try {
        response = await db.transaction(async (tx) => {
          // Refresh tokens before the factor, as the authenticator's verify (factor-service.ts).
          await lockUserTokens(tx, caller.userId);
          const factor = await findRecoveryFactor(tx, caller.userId, true);
          if (!factor || !code) return null;
          // One statement marks the code used only if it was unused: a code works once, whatever races.
          if (!(await useRecoveryCode(tx, factor.id, hashRecoveryCode(keys, factor.id, code), clock.now()))) {
            return null;
          }
          return raiseSession(tx, deps, { ...caller, method: "mfa/recovery_code", factorId: factor.id });
        });
      } catch (err) {
        await guards.limiter.release(guards.rules.recoveryFail, subject);
        throw err;
      }
      if (!response) throw wrongCode();
      await guards.limiter.release(guards.rules.recoveryFail, subject);
      // The owner is in: the authenticator's wrong-code lock no longer holds them up.
      await guards.limiter.reset(guards.rules.totpFail, caller.userId);
      return response;
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
