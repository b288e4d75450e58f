/**
 * The product API's own description: `GET /api/openapi.json` (OpenAPI 3.1, generated from the
 * contract's route table by @veil/contracts/openapi) and a reference page that renders it,
 * `GET /api/reference`, with Swagger UI served from the `swagger-ui-dist` package — no CDN, and
 * within the production Content-Security-Policy (scripts from our origin only: the page's set-up is
 * a file of its own, reference.js, not an inline script). Neither is a route of the table: they
 * describe it.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { buildOpenApiDocument } from "@veil/contracts/openapi";
import type { Hono } from "hono";
import type { ApiEnv } from "../identity.js";

export const OPENAPI_PATH = "/openapi.json";
export const REFERENCE_PATH = "/reference";

/** Swagger UI's files the page loads, by the name it loads them under. */
const RENDERER_FILES = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
} as const;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Veil product API reference</title>
<link rel="stylesheet" href="/api${REFERENCE_PATH}/swagger-ui.css">
</head>
<body>
<main id="reference"><noscript>The reference needs JavaScript; the document itself is <a href="/api${OPENAPI_PATH}">/api${OPENAPI_PATH}</a>.</noscript></main>
<script src="/api${REFERENCE_PATH}/swagger-ui-bundle.js"></script>
<script src="/api${REFERENCE_PATH}/reference.js"></script>
</body>
</html>
`;

// No validator badge (it would call a third-party service) and no "Try it out" by default: the
// page reads the document of the server it is served by.
const SETUP = `window.SwaggerUIBundle({
  url: "/api${OPENAPI_PATH}",
  dom_id: "#reference",
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
});
`;

function rendererDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve("swagger-ui-dist/package.json"));
}

export function mountReferenceRoutes(api: Hono<ApiEnv>, options: { version?: string } = {}): void {
  // Built once: the table cannot change while the process runs.
  const document = JSON.stringify(buildOpenApiDocument(options.version ? { version: options.version } : {}));
  api.get(OPENAPI_PATH, (c) => c.body(document, 200, { "Content-Type": "application/json; charset=utf-8" }));

  api.get(REFERENCE_PATH, (c) => c.html(PAGE));
  api.get(`${REFERENCE_PATH}/reference.js`, (c) =>
    c.body(SETUP, 200, { "Content-Type": "text/javascript; charset=utf-8" }),
  );
  const files = new Map<string, Promise<Buffer>>();
  for (const [name, type] of Object.entries(RENDERER_FILES)) {
    api.get(`${REFERENCE_PATH}/${name}`, async (c) => {
      // Read on first use and kept: ~1.5 MB that most processes never serve.
      let body = files.get(name);
      if (!body) {
        body = readFile(path.join(rendererDir(), name));
        files.set(name, body);
        body.catch(() => files.delete(name));
      }
      return c.body(new Uint8Array(await body), 200, {
        "Content-Type": type,
        "Cache-Control": "public, max-age=86400",
      });
    });
  }
}
