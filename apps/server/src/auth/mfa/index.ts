/**
 * Two-factor sign-in (TOTP and recovery codes), GoTrue-compatible: `registerMfaRoutes` adds
 * /factors… to the /auth/v1 app; `requireAal2IfEnrolled` is the rule other auth routes (PUT /user)
 * apply. README "Two-factor sign-in"; docs/product.md §11.4.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { Clock } from "../../clock.js";
import type { Config } from "../../config/index.js";
import type { Db } from "../../db/index.js";
import type { Mail } from "../../mail/index.js";
import { AuthError } from "../errors.js";
import { optionalText, readBody } from "../http-kit.js";
import { hasVerifiedTotp } from "../stores/factors.js";
import { deriveMfaKeys } from "./crypto.js";
import { createFactorService } from "./factor-service.js";
import { type Caller, createGuards, insufficientAal } from "./guards.js";
import { createRecoveryService } from "./recovery-service.js";

export { factorsOf } from "./factors.js";
export type { Caller } from "./guards.js";

const enrollBody = z.object({ factor_type: optionalText, friendly_name: optionalText, issuer: optionalText });
const verifyBody = z.object({ challenge_id: optionalText, code: optionalText });
const recoveryGenerateBody = z.object({ friendly_name: optionalText });
const recoveryVerifyBody = z.object({ code: optionalText });

export function createMfa(deps: { config: Config; db: Db; clock: Clock; mail: Pick<Mail, "enqueueNotice" | "kick"> }) {
  const keys = deriveMfaKeys(deps.config.MFA_ENCRYPTION_KEY);
  const guards = createGuards(deps);
  const factors = createFactorService({ ...deps, keys, guards });
  const recovery = createRecoveryService({ ...deps, keys, guards });

  return {
    factors,
    recovery,
    /**
     * GoTrue's rule for changing the password or e-mail: a user with a verified authenticator must
     * do it from an aal2 session (401 insufficient_aal), or a stolen password alone would be enough.
     */
    async requireAal2IfEnrolled(caller: Caller): Promise<void> {
      if ((await hasVerifiedTotp(deps.db, caller.userId)) && !(await guards.isAal2(caller))) {
        throw new AuthError(
          401,
          "insufficient_aal",
          "AAL2 session is required to update email or password when MFA is enabled.",
        );
      }
    },
    /**
     * The sign-out a caller may do (`/logout?scope=`). Ending the user's other sessions needs the
     * second factor when there is one: with only the password, `global` ends the caller's own
     * session (as `local`) and `others` is refused, so someone who has just the password cannot
     * throw the owner out of every device, again and again.
     */
    async logoutScope(caller: Caller, scope: string | undefined): Promise<string | undefined> {
      const which = scope ?? "global";
      if (which !== "global" && which !== "others") return scope;
      if (!(await hasVerifiedTotp(deps.db, caller.userId)) || (await guards.isAal2(caller))) return scope;
      if (which === "others") {
        throw insufficientAal(403, "AAL2 session is required to sign out other sessions when MFA is enabled.");
      }
      return "local";
    },
  };
}

export type Mfa = ReturnType<typeof createMfa>;

/**
 * The /factors routes on the /auth/v1 app (its error handler, CORS and no-store apply). The
 * recovery-code paths come first, so `recovery-codes` is never read as a factor id.
 */
export function registerMfaRoutes(
  routes: Hono,
  deps: {
    mfa: Mfa;
    authenticate(authorization: string | undefined): Promise<Caller>;
    ip(c: Context): string;
  },
): void {
  const { mfa, authenticate, ip } = deps;
  const caller = (c: Context) => authenticate(c.req.header("Authorization"));

  routes.get("/factors/recovery-codes", async (c) => c.json(await mfa.recovery.status(await caller(c))));
  routes.post("/factors/recovery-codes", async (c) => {
    const who = await caller(c);
    const body = await readBody(c, recoveryGenerateBody);
    return c.json(await mfa.recovery.generate(who, body.friendly_name));
  });
  routes.post("/factors/recovery-codes/verify", async (c) => {
    const who = await caller(c);
    const body = await readBody(c, recoveryVerifyBody);
    return c.json(await mfa.recovery.verify(who, body.code, ip(c)));
  });
  routes.post("/factors/recovery-codes/regenerate", async (c) =>
    c.json(await mfa.recovery.regenerate(await caller(c))),
  );
  routes.delete("/factors/recovery-codes", async (c) => c.json(await mfa.recovery.remove(await caller(c))));

  routes.post("/factors", async (c) => {
    const who = await caller(c);
    return c.json(await mfa.factors.enroll(who, await readBody(c, enrollBody), ip(c)));
  });
  routes.post("/factors/:id/challenge", async (c) =>
    c.json(await mfa.factors.challenge(await caller(c), c.req.param("id"), ip(c))),
  );
  routes.post("/factors/:id/verify", async (c) => {
    const who = await caller(c);
    return c.json(await mfa.factors.verify(who, c.req.param("id"), await readBody(c, verifyBody), ip(c)));
  });
  routes.delete("/factors/:id", async (c) => c.json(await mfa.factors.unenroll(await caller(c), c.req.param("id"))));
}
