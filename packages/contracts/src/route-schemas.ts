/**
 * The zod half of the route table (routes.ts, same keys): the schema each route's request body is
 * checked with on the server, and the schema its reply is parsed with by clients and tests.
 * `request` is null for a route that takes no body; `reply` is null for a redirect. `query`, where
 * present, names the query parameters the route reads (the OpenAPI document lists them).
 */

import {
  createDeviceRequestSchema,
  deviceConfigReplySchema,
  deviceListSchema,
  deviceReplySchema,
  serverListSchema,
  updateDeviceRequestSchema,
} from "./access.js";
import {
  contactRequestSchema,
  dataExportSchema,
  deleteAccountRequestSchema,
  emailRequestSchema,
  invoiceReplySchema,
  invoiceRequestSchema,
  paymentInitReplySchema,
  paymentInitRequestSchema,
  paymentListSchema,
  planListSchema,
  providerCallbackReplySchema,
  providerCallbackRequestSchema,
  registerReplySchema,
  reminderStatusSchema,
  sessionListSchema,
  statusSuccessSchema,
  subscriptionInfoSchema,
  tokenListSchema,
  userReplySchema,
} from "./api.js";
import type { API_ROUTES, ApiRouteName, ReplyOf, RequestOf } from "./routes.js";
import { z } from "./zod.js";

/** The schemas of route `N`, typed so that they must parse to (and from) what routes.ts says. */
export type RouteSchemas<N extends ApiRouteName> = {
  request: RequestOf<(typeof API_ROUTES)[N]> extends undefined
    ? null
    : z.ZodType<unknown, RequestOf<(typeof API_ROUTES)[N]>>;
  reply: ReplyOf<(typeof API_ROUTES)[N]> extends undefined ? null : z.ZodType<ReplyOf<(typeof API_ROUTES)[N]>>;
  query?: z.ZodObject;
};

/** The signed `?token=` of a renewal reminder's links. */
const reminderLinkQuery = z.object({ token: z.string().describe("The signed token of the reminder mail's link") });
/** `GET /devices/:id/config?serverId=`: the location the peer block is for. */
const deviceConfigQuery = z.object({
  serverId: z.string().optional().describe("The server (location) the peer block is for; default the device's own"),
});

export const API_ROUTE_SCHEMAS = {
  userByEmail: { request: emailRequestSchema, reply: userReplySchema },
  registerUser: { request: emailRequestSchema, reply: registerReplySchema },
  initSession: { request: emailRequestSchema, reply: registerReplySchema },
  deleteAccount: { request: deleteAccountRequestSchema, reply: statusSuccessSchema },
  dataExport: { request: null, reply: dataExportSchema },
  sessions: { request: null, reply: sessionListSchema },
  endSession: { request: null, reply: statusSuccessSchema },
  subscriptionInfo: { request: null, reply: subscriptionInfoSchema },
  payments: { request: null, reply: paymentListSchema },
  contact: { request: contactRequestSchema, reply: statusSuccessSchema },
  plans: { request: null, reply: planListSchema },
  tokens: { request: null, reply: tokenListSchema },
  paymentInit: { request: paymentInitRequestSchema, reply: paymentInitReplySchema },
  invoice: { request: invoiceRequestSchema, reply: invoiceReplySchema },
  providerCallback: { request: providerCallbackRequestSchema, reply: providerCallbackReplySchema },
  reminderStatus: { request: null, reply: reminderStatusSchema, query: reminderLinkQuery },
  reminderUnsubscribe: { request: null, reply: reminderStatusSchema, query: reminderLinkQuery },
  reminderUnsubscribeLink: { request: null, reply: null, query: reminderLinkQuery },
  servers: { request: null, reply: serverListSchema },
  devices: { request: null, reply: deviceListSchema },
  createDevice: { request: createDeviceRequestSchema, reply: deviceReplySchema },
  updateDevice: { request: updateDeviceRequestSchema, reply: deviceReplySchema },
  deleteDevice: { request: null, reply: null },
  deviceConfig: { request: null, reply: deviceConfigReplySchema, query: deviceConfigQuery },
} as const satisfies { [N in ApiRouteName]: RouteSchemas<N> };
