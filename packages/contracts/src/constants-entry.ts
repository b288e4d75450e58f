/**
 * `@veil/contracts/constants`: everything of this package that needs no zod (business constants,
 * API paths, the plan catalogue, the token table, the zod-free plan list parser and the types of
 * the API bodies). Code on the landing page imports from here so it loads no schema and no zod.
 */

export type {
  CreateDeviceRequest,
  Device,
  DeviceConfigReply,
  DeviceList,
  DeviceReply,
  PeerConfig,
  Server,
  ServerList,
  UpdateDeviceRequest,
} from "./access.js";
export type {
  ApiError,
  DataExport,
  DeviceSession,
  InvoiceReply,
  PaymentInitReply,
  PaymentRow,
  PaymentStatus,
  Plan,
  RegisterReply,
  ReminderStatus,
  SubscriptionInfo,
  Token,
  UserReply,
} from "./api.js";
export * from "./api-errors.js";
export * from "./api-paths.js";
export * from "./auth-errors.js";
export * from "./constants.js";
export * from "./page-start.js";
export * from "./plan-list.js";
export * from "./plans.js";
export * from "./routes.js";
export * from "./tokens.js";
