/**
 * The zod reply schemas of the route table, in a module of their own that client.ts and hooks.ts
 * import on demand: the hooks are mounted on every page (the account provider sits above the
 * routes), and a static import would put zod on the landing page.
 */
import { API_ROUTE_SCHEMAS, API_ROUTES, type ApiRoute } from "@veil/contracts";
import type { ReplyParser } from "./reply-parser.js";

export { paymentListSchema, sessionListSchema, subscriptionInfoSchema, tokenListSchema } from "@veil/contracts";

/**
 * The reply schema of `route` (found by identity in the table), or undefined for a route without
 * one (the caller then accepts any JSON). Only a type comes from reply-parser.ts, so this chunk
 * loads no code chunk of its own beside the client's.
 */
export function replySchemaOf(route: ApiRoute): ReplyParser<unknown> | undefined {
  const name = (Object.keys(API_ROUTES) as (keyof typeof API_ROUTES)[]).find((n) => API_ROUTES[n] === route);
  return (name && API_ROUTE_SCHEMAS[name].reply) || undefined;
}
