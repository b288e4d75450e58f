/**
 * Identity: the GoTrue-compatible auth server mounted at /auth/v1, and the access-token checks
 * other modules use (`verifyAccessToken`, then `requireActiveSession` where logout/bans matter).
 */

export {
  confirmAccountPassword,
  findAuthUser,
  forgetAuthUser,
  holdLiveAccount,
  setAuthUserBlocked,
} from "./account-admin.js";
export { type AuthDataExport, exportAuthData } from "./data-export.js";
export { HashingBusyError } from "./hashing-queue.js";
export { startAuthHousekeeping } from "./housekeeping.js";
export { type AccessClaims, AccessTokenError, type AmrEntry, signAccessToken, verifyAccessToken } from "./jwt.js";
export { isAal2 } from "./mfa/assurance.js";
export { removeAllFactors } from "./mfa/operator-reset.js";
export { type Auth, createAuth } from "./routes.js";
export {
  type ActiveUser,
  requireActiveSession,
  SessionCheckError,
  type SessionLimits,
  sessionLimitsOf,
} from "./session-check.js";
export { endSession, endSessions, listLiveSessions, type StoredSession } from "./stores/sessions.js";
export { findConfirmedUserByEmail, userLanguage } from "./stores/users.js";
