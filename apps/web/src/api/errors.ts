import type { MessageKey } from "../i18n/catalogues.js";

/** A message to show: a catalogue key (with its values, if any), or text that came from the server as is. */
export type UserMessage = { key: MessageKey; values?: Record<string, string | number> } | { text: string };

/** An `/api` call that did not succeed. `status` is 0 when no HTTP answer arrived. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `detail` when it is a plain string (FastAPI style). */
  readonly detail: string | undefined;

  constructor(status: number, detail?: string, options?: { cause?: unknown }) {
    super(detail ?? `API request failed with status ${status}`, options);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
  }
}

/** docs/product.md §8.1: the generic mapping of API statuses. */
export function apiErrorMessage(status: number, detail?: string): UserMessage {
  if (status === 404) return { key: "common.notFound" };
  if (status === 422) return { key: "common.invalidData" };
  if (status === 400) return detail ? { text: detail } : { key: "common.badRequest" };
  if (status >= 500) return { key: "common.serverError" };
  return detail ? { text: detail } : { key: "common.unknownError" };
}

/** The message for anything an API call threw. */
export function messageForError(error: unknown): UserMessage {
  if (error instanceof ApiError) return apiErrorMessage(error.status, error.detail);
  return { key: "common.unknownError" };
}
