import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

/** FastAPI-style error body: `{"detail": "…"}`, or a list of validation issues for 422. */
export function detail(c: Context, status: ContentfulStatusCode, message: string, headers?: Record<string, string>) {
  return c.json({ detail: message }, status, headers);
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

/** Thrown inside a handler to answer with an error status; the router turns it into `{detail}`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Reads and validates a JSON body; a malformed or invalid body is a 422 with the issues listed. */
export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    throw new ValidationFailure([{ loc: ["body"], msg: "The body must be valid JSON", type: "json_invalid" }]);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ValidationFailure(validationIssues(parsed.error));
  return parsed.data;
}

export class ValidationFailure extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super("Invalid request body");
    this.name = "ValidationFailure";
  }
}
