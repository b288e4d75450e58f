/**
 * Registers a product API handler from the contract's route table (@veil/contracts routes.ts):
 * method, path and the bearer check come from the table, and so do the handler's types — `read()`
 * gives the request body as the route's schema parses it, and a plain object returned is the
 * route's reply (sent as JSON, with the table's success status: 200 unless it says 201 or 204).
 * Path parameters (`:id`) are read with `c.req.param()`. A handler may still return a Response of
 * its own (errors, files, 304s).
 */
import { API_ROUTE_SCHEMAS, API_ROUTES, type ApiRouteName, type ReplyOf } from "@veil/contracts";
import type { Context, Hono } from "hono";
import type { z } from "zod";
import type { ApiContext } from "./context.js";
import { readBody } from "./errors.js";
import type { ApiEnv } from "./identity.js";

type Schemas<N extends ApiRouteName> = (typeof API_ROUTE_SCHEMAS)[N];
/** The request body of route `N` as the server sees it (after the schema's transforms). */
export type RequestBody<N extends ApiRouteName> = Schemas<N>["request"] extends z.ZodType
  ? z.output<Schemas<N>["request"]>
  : never;

export type RouteHandler<N extends ApiRouteName> = (
  c: Context<ApiEnv>,
  read: () => Promise<RequestBody<N>>,
) => Promise<Response | ReplyOf<(typeof API_ROUTES)[N]>>;

/** Mounts `handler` at route `name`; extra paths (aliases) answer the same. */
export function handle<N extends ApiRouteName>(
  api: Hono<ApiEnv>,
  ctx: ApiContext,
  name: N,
  handler: RouteHandler<N>,
  aliases: readonly string[] = [],
): void {
  const route = API_ROUTES[name];
  const schema = API_ROUTE_SCHEMAS[name].request as z.ZodType | null;
  const read = (c: Context<ApiEnv>) => () => {
    if (!schema) throw new Error(`route ${name} takes no body`);
    return readBody(c, schema) as Promise<RequestBody<N>>;
  };
  const run = async (c: Context<ApiEnv>) => {
    const result = await handler(c, read(c));
    if (result instanceof Response) return result;
    // A route without a reply body (204) returns nothing; others answer with the table's status.
    if (route.status === 204) return c.body(null, 204);
    return c.json(result as object, route.status ?? 200);
  };
  for (const path of [route.path, ...aliases]) {
    if (route.auth) api.on(route.method, path, ctx.authed, run);
    else api.on(route.method, path, run);
  }
}
