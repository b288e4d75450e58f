/**
 * Identity: the GoTrue-compatible auth server mounted at /auth/v1, and the access-token checks
 * other modules use (`verifyAccessToken`, then `requireActiveSession` where logout/bans matter).
 */

export { type AuthDataExport, exportAuthData } from "./data-export.js";
export { type AccessClaims, AccessTokenError, type AmrEntry, signAccessToken, verifyAccessToken } from "./jwt.js";
export { type Auth, createAuth } from "./routes.js";
export {
  type ActiveUser,
  requireActiveSession,
  SessionCheckError,
  type SessionLimits,
  sessionLimitsOf,
} from "./session-check.js";
