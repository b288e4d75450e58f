/**
 * The product API as an OpenAPI 3.1 document, generated from the route table (routes.ts) and its
 * zod schemas (route-schemas.ts) with zod's own JSON Schema output. Nothing here is written by
 * hand per route: a route added to the table appears in the document with its method, path and
 * query parameters, bearer requirement, request and reply bodies, and every error code it can
 * answer, grouped by the status each code is sent with (API_ERROR_STATUS).
 *
 * The node API's routes (node-api.ts, a group of their own) are in it too, under their own
 * security scheme, the node token.
 *
 * The server serves it at `/api/openapi.json` (apps/server/src/api/reference/index.ts). A separate entry
 * (`@veil/contracts/openapi`) so that the web app's bundle never carries it.
 */

import { validationIssueSchema } from "./api.js";
import { API_ERROR_STATUS, type ApiErrorCode } from "./api-errors.js";
import {
  NODE_API_ROUTES,
  NODE_MAX_WAIT_SECONDS,
  type NodeApiRoute,
  nodePeerDeltaSchema,
  nodePeerSetSchema,
  nodeReportRequestSchema,
} from "./node-api.js";
import { API_ROUTE_SCHEMAS } from "./route-schemas.js";
import { API_ROUTES, type ApiRoute, type ApiRouteName } from "./routes.js";
import { z } from "./zod.js";

/** A JSON value as the document holds it. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface OpenApiDocument extends JsonObject {
  openapi: string;
  info: JsonObject;
  servers: Json[];
  paths: { [path: string]: { [method: string]: JsonObject } };
  components: JsonObject;
}

export interface OpenApiOptions {
  /** Where `/api` is, as clients reach it; default the relative `/api` (same origin as the document). */
  serverUrl?: string;
  /** `info.version`: the version of `@veil/contracts` the server was built with. */
  version?: string;
}

/** The security scheme of account routes: the access token `/auth/v1/token` hands out. */
export const BEARER_SCHEME = "bearerAuth";
/** The security scheme of the node API: the node token `pnpm admin nodes add` prints once. */
export const NODE_TOKEN_SCHEME = "nodeToken";

/** What the document needs of a route, whichever group it is in. */
interface DocumentedRoute {
  method: string;
  path: string;
  errors: readonly ApiErrorCode[];
  security: string | null;
  tag: string;
  request: z.ZodType | null;
  /** Success replies by status; null: no body. */
  replies: Record<string, { schema: z.ZodType | null; description: string }>;
  query?: z.ZodObject | undefined;
}

/**
 * The node API's bodies (node-api.ts): a route added to NODE_API_ROUTES without an entry here
 * does not compile.
 */
const NODE_API_SCHEMAS = {
  nodePeers: {
    request: null,
    query: z.object({
      since: z
        .number()
        .int()
        .nonnegative()
        .optional()
        .describe("The revision the node has: answer only what changed since"),
      wait: z
        .number()
        .int()
        .min(0)
        .max(NODE_MAX_WAIT_SECONDS)
        .optional()
        .describe("With `since`: seconds to wait for a change before answering 304"),
    }),
    replies: {
      "200": {
        schema: z.union([nodePeerSetSchema, nodePeerDeltaSchema]),
        description:
          "The full peer set (with `ETag`), or with `since` the changes, or `reset: true` (fetch the full set)",
      },
      "304": { schema: null, description: "Nothing newer than `since` (or `If-None-Match`)" },
    },
  },
  nodeReport: {
    request: nodeReportRequestSchema,
    replies: { "204": { schema: null, description: "Taken; unknown public keys are ignored" } },
  },
} as const satisfies Record<
  keyof typeof NODE_API_ROUTES,
  Pick<DocumentedRoute, "request" | "replies"> & { query?: z.ZodObject }
>;

/** Replies of customer routes beyond their one success status (the route table has only that). */
const EXTRA_REPLIES: Partial<Record<ApiRouteName, DocumentedRoute["replies"]>> = {
  servers: {
    "304": {
      schema: null,
      description: "The list is unchanged since the `ETag` sent as `If-None-Match` (the list is cacheable for 30 s)",
    },
  },
};

function customerRoutes(): [string, DocumentedRoute][] {
  return (Object.keys(API_ROUTES) as ApiRouteName[]).map((name) => {
    const route: ApiRoute = API_ROUTES[name];
    const { request, reply, query } = API_ROUTE_SCHEMAS[name] as {
      request: z.ZodType | null;
      reply: z.ZodType | null;
      query?: z.ZodObject;
    };
    const status = route.redirect ? 303 : (route.status ?? 200);
    const description = route.redirect ? "Redirect to the web app's page" : status === 201 ? "Created" : "Success";
    return [
      name,
      {
        method: route.method,
        path: route.path,
        errors: route.errors,
        security: route.auth ? BEARER_SCHEME : null,
        tag: route.path.split("/")[1] ?? "api",
        request,
        replies: { [String(status)]: { schema: status === 204 ? null : reply, description }, ...EXTRA_REPLIES[name] },
        query,
      },
    ];
  });
}

function nodeRoutes(): [string, DocumentedRoute][] {
  return (Object.keys(NODE_API_ROUTES) as (keyof typeof NODE_API_ROUTES)[]).map((name) => {
    const route: NodeApiRoute = NODE_API_ROUTES[name];
    const schemas: Pick<DocumentedRoute, "request" | "replies"> & { query?: z.ZodObject } = NODE_API_SCHEMAS[name];
    return [name, { ...route, ...schemas, security: NODE_TOKEN_SCHEME, tag: "nodes" }];
  });
}

/** The JSON Schema (2020-12, OpenAPI 3.1's dialect) of what a client sends or receives as `schema`. */
function jsonSchema(schema: z.ZodType): JsonObject {
  // "input": what travels on the wire. Replies are parsed by clients with the same schemas, so the
  // wire form of a reply is its schema's input too; transforms are not representable and show as
  // what they accept.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
  }) as JsonObject;
  return rest;
}

/** `/user/web/sessions/:id` → `/user/web/sessions/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, "{$1}");
}

function componentName(name: string, part: "Request" | "Reply"): string {
  return `${name[0]?.toUpperCase()}${name.slice(1)}${part}`;
}

const requestIdHeader: JsonObject = { $ref: "#/components/headers/X-Request-Id" };

/** Headers that go with an error status, besides the request id. */
function errorHeaders(status: number): JsonObject {
  const headers: JsonObject = { "X-Request-Id": requestIdHeader };
  if (status === 429 || status === 503) {
    headers["Retry-After"] = {
      description: "Seconds to wait before trying again",
      schema: { type: "integer", minimum: 0 },
    };
  }
  if (status === 401) {
    headers["WWW-Authenticate"] = { description: "`Bearer`", schema: { type: "string" } };
  }
  return headers;
}

/** One response per status a route's error codes are sent with; each lists exactly its codes. */
function errorResponses(codes: readonly ApiErrorCode[]): JsonObject {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of codes) {
    const status = API_ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: JsonObject = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const issues = group.includes("validation_failed");
    responses[String(status)] = {
      description: `Error: ${group.map((code) => `\`${code}\``).join(", ")}`,
      headers: errorHeaders(status),
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["detail", "code"],
            properties: {
              detail: issues
                ? {
                    description: "The product's wording; for `validation_failed`, the list of problems",
                    anyOf: [
                      { type: "string" },
                      { type: "array", items: { $ref: "#/components/schemas/ValidationIssue" } },
                    ],
                  }
                : { type: "string", description: "The product's wording (English), for logs and developers" },
              code: { type: "string", enum: group },
              request_id: { type: "string", description: "The same id as the `X-Request-Id` header" },
            },
          },
        },
      },
    };
  }
  return responses;
}

function parameters(path: string, query: z.ZodObject | undefined): Json[] {
  const params: Json[] = [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name: name ?? "",
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  for (const [name, field] of Object.entries(query?.shape ?? {})) {
    const schema = field as z.ZodType;
    const { description, ...rest } = jsonSchema(schema);
    params.push({
      name,
      in: "query",
      required: !schema.safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: rest,
    });
  }
  return params;
}

function operation(name: string, route: DocumentedRoute, schemas: JsonObject): JsonObject {
  const op: JsonObject = {
    operationId: name,
    tags: [route.tag],
    security: route.security ? [{ [route.security]: [] }] : [],
  };
  const params = parameters(route.path, route.query);
  if (params.length) op.parameters = params;
  if (route.request) {
    schemas[componentName(name, "Request")] = jsonSchema(route.request);
    op.requestBody = {
      required: true,
      content: { "application/json": { schema: { $ref: `#/components/schemas/${componentName(name, "Request")}` } } },
    };
  }
  const success: JsonObject = {};
  for (const [status, reply] of Object.entries(route.replies)) {
    const headers: JsonObject = { "X-Request-Id": requestIdHeader };
    if (status === "303") headers.Location = { schema: { type: "string" } };
    const response: JsonObject = { description: reply.description, headers };
    if (reply.schema) {
      schemas[componentName(name, "Reply")] = jsonSchema(reply.schema);
      response.content = {
        "application/json": { schema: { $ref: `#/components/schemas/${componentName(name, "Reply")}` } },
      };
    }
    success[status] = response;
  }
  op.responses = { ...success, ...errorResponses(route.errors) };
  return op;
}

/** The OpenAPI 3.1 document of every route in the table, and nothing else. */
export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const schemas: JsonObject = { ValidationIssue: jsonSchema(validationIssueSchema) };
  const paths: OpenApiDocument["paths"] = {};
  for (const [name, route] of [...customerRoutes(), ...nodeRoutes()]) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(name, route, schemas) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Veil product API",
      version: options.version ?? "0.0.0",
      description: [
        "The product API of Veil (`/api`), generated from the route table of `@veil/contracts`.",
        "",
        "Sign-in is Supabase-compatible and lives at `/auth/v1` (GoTrue's API, not described here):",
        "its access token is the bearer token of the routes marked with a lock.",
        "",
        "The node API (`/nodes/v1/…`) is for Veil's VPN servers: its bearer token is a node token",
        "(`pnpm admin nodes add`), not a user's.",
        "",
        "Every error is `{detail, code, request_id}`: `code` is a stable machine code (one HTTP status",
        "each), `detail` the English wording, `request_id` the id of the request, also sent as the",
        "`X-Request-Id` header of every reply; quote it to support.",
      ].join("\n"),
    },
    servers: [{ url: options.serverUrl ?? "/api" }],
    paths,
    components: {
      securitySchemes: {
        [BEARER_SCHEME]: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The access token of a signed-in user (`POST /auth/v1/token`)",
        },
        [NODE_TOKEN_SCHEME]: {
          type: "http",
          scheme: "bearer",
          description: "A VPN server's node token (opaque; printed once by `pnpm admin nodes add|rotate-token`)",
        },
      },
      headers: {
        "X-Request-Id": {
          description: "The request's id, as written in the server's log line (a sane `X-Request-Id` sent is kept)",
          schema: { type: "string" },
        },
      },
      schemas,
    },
  };
}
