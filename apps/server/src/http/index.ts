/**
 * The HTTP toolkit every surface builds on (docs/architecture.md §1.1): the caller's address, a
 * bounded request body, a JSON body read against a schema, security headers, the access log and
 * the request id, and telling a client that hung up from a real error. It knows no module of the
 * product and no configuration; the app is assembled from it in `src/app/` (beside server.ts).
 */
export { accessLog, ensureRequestId, loggablePath, requestIdOf } from "./access-log.js";
export { isClientGone } from "./client-gone.js";
export * from "./kit.js";
export { contentSecurityPolicy, type SecurityHeaderOptions, securityHeaders } from "./security-headers.js";
