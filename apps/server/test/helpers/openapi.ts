/**
 * The product API's OpenAPI document as a checker of real replies: `documentedReply(name, status)`
 * validates a body against the schema the document gives route `name` for that status (ajv,
 * JSON Schema 2020-12 — OpenAPI 3.1's dialect), and fails when the document gives none.
 */
import { API_ROUTES, type ApiRouteName } from "@veil/contracts";
import { buildOpenApiDocument, openApiPath } from "@veil/contracts/openapi";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export const openApiDocument = buildOpenApiDocument();

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(openApiDocument as object, "openapi");

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

/** The documented responses of route `name`, keyed by status. */
export function documentedResponses(name: ApiRouteName): Record<string, { content?: unknown }> {
  const route = API_ROUTES[name];
  const op = openApiDocument.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
  if (!op) throw new Error(`${route.method} ${route.path} is not in the document`);
  return op.responses as Record<string, { content?: unknown }>;
}

/** Problems of `body` against what the document says route `name` answers with `status` ([] = none). */
export function documentedReply(name: ApiRouteName, status: number, body: unknown): string[] {
  const response = documentedResponses(name)[String(status)];
  if (!response) return [`status ${status} is not documented for ${name}`];
  if (!response.content)
    return body === null || body === undefined || typeof body === "string" ? [] : ["no body documented"];
  const route = API_ROUTES[name];
  const ref = `openapi#/${pointer("paths", openApiPath(route.path), route.method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}
