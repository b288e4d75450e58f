/**
 * The OpenAPI document of the product API (`/api/openapi.json`) and its reference page: a valid
 * OpenAPI 3.1 document, exactly the routes of the contract's table with the error codes each can
 * answer, served as built. That real replies match it is checked by the contract test.
 */

import { Validator } from "@seriousme/openapi-schema-validator";
import { API_ERROR_STATUS, API_ROUTE_SCHEMAS, API_ROUTES, type ApiRouteName, NODE_API_ROUTES } from "@veil/contracts";
import { buildOpenApiDocument, openApiPath } from "@veil/contracts/openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

const document = buildOpenApiDocument();
const names = Object.keys(API_ROUTES) as ApiRouteName[];
/** Both groups: the customer routes and the node API. */
const everyRoute = [...Object.entries(API_ROUTES), ...Object.entries(NODE_API_ROUTES)] as [
  string,
  { method: string; path: string; errors: readonly string[] },
][];
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Every operation of the document as "METHOD /path". */
function documentedOperations(doc: typeof document): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => METHODS.includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it("holds every route of the table (the node API's too) and nothing else", () => {
    const fromTable = everyRoute.map(([, route]) => `${route.method} ${openApiPath(route.path)}`);
    expect(documentedOperations(document).sort()).toEqual(fromTable.sort());
  });

  it("documents the 304 that GET /api/servers answers to a matching If-None-Match", () => {
    const op = document.paths[openApiPath(API_ROUTES.servers.path)]?.get;
    expect(Object.keys(op?.responses ?? {}).filter((status) => Number(status) < 400)).toEqual(["200", "304"]);
  });

  it.each(everyRoute)("%s: lists each error code it can answer under its status, and no other", (_, route) => {
    const op = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
    const responses = op?.responses as Record<string, { content?: unknown }>;
    const documented: string[] = [];
    for (const [status, response] of Object.entries(responses)) {
      if (Number(status) < 400) continue;
      const schema = (
        response.content as { "application/json": { schema: { properties: { code: { enum: string[] } } } } }
      )["application/json"].schema;
      for (const code of schema.properties.code.enum) {
        expect(API_ERROR_STATUS[code as keyof typeof API_ERROR_STATUS], code).toBe(Number(status));
        documented.push(code);
      }
    }
    expect(documented.sort()).toEqual([...route.errors].sort());
  });

  it.each(Object.entries(NODE_API_ROUTES))("%s: takes the node token, not a user's", (_, route) => {
    const op = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
    expect(op?.security).toEqual([{ nodeToken: [] }]);
  });

  it.each(names)("%s: says whether it needs the bearer token, and what it takes", (name) => {
    const route = API_ROUTES[name];
    const op = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
    expect(op?.security).toEqual(route.auth ? [{ bearerAuth: [] }] : []);
    expect(Boolean(op?.requestBody)).toBe(Boolean(API_ROUTE_SCHEMAS[name].request));
    const query = (API_ROUTE_SCHEMAS[name] as { query?: { shape: object } }).query;
    const params = ((op?.parameters ?? []) as { name: string; in: string }[]).map((p) => `${p.in}:${p.name}`);
    const expected = [
      ...[...route.path.matchAll(/:(\w+)/g)].map(([, p]) => `path:${p}`),
      ...Object.keys(query?.shape ?? {}).map((q) => `query:${q}`),
    ];
    expect(params.sort()).toEqual(expected.sort());
  });
});

describe("served by the server", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  }, 60_000);
  afterAll(async () => app?.close());

  it("answers GET /api/openapi.json with the document", async () => {
    const res = await fetch(`${app.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it("serves the reference page and its renderer from this origin only", async () => {
    const res = await fetch(`${app.url}/api/reference`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url ?? "");
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const url of assets) {
      expect(url).toMatch(/^\/api\//);
      const asset = await fetch(`${app.url}${url}`);
      expect(asset.status, url).toBe(200);
      expect(asset.headers.get("content-type"), url).toMatch(
        url.endsWith(".css") ? /^text\/css/ : /^(text\/javascript|application\/json)/,
      );
    }
    expect(html).not.toMatch(/<script>|<script\s+type="module">|\son\w+=/);
  });
});
