import type { ApiErrorCode } from "@veil/contracts";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { readJsonBody, requestIdOf } from "../http/index.js";

/**
 * FastAPI-style error body with a machine code: `{"detail": "…", "code": "…", "request_id": "…"}`
 * (docs/architecture.md §7). `detail` is the product's wording, `code` one of the contract's
 * API_ERROR_CODES, `request_id` the id of the request's log line (also its X-Request-Id header).
 */
export function detail(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string | ValidationIssue[],
  headers?: Record<string, string>,
) {
  return c.json({ detail: message, code, ...requestIdField(c) }, status, headers);
}

/** `{request_id}` when the request has one (always: see middleware.ts's apiRequestPlumbing). */
function requestIdField(c: Context): { request_id?: string } {
  const id = requestIdOf(c);
  return id ? { request_id: id } : {};
}

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export function validationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: ["body", ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
}

/** Thrown inside a handler to answer with an error status; the router turns it into `{detail, code}`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Reads and validates a JSON body (the HTTP kit's reader); a malformed or invalid body is a 422 with the issues listed. */
export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const body = await readJsonBody(c, schema);
  if (body.ok) return body.data;
  if (body.problem === "json") {
    throw new ValidationFailure([{ loc: ["body"], msg: "The body must be valid JSON", type: "json_invalid" }]);
  }
  throw new ValidationFailure(validationIssues(body.error));
}

export class ValidationFailure extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super("Invalid request body");
    this.name = "ValidationFailure";
  }
}
