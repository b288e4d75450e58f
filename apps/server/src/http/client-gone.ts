/**
 * The client stopped sending mid-request: it hung up, or the server cut it off for being too slow
 * (HTTP_REQUEST_TIMEOUT_MS). Reading the body then fails with Node's "aborted" ECONNRESET. Nobody
 * is left to read a reply, and it is not the server's fault: log it quietly, not as an error.
 */
export function isClientGone(err: unknown): boolean {
  return err instanceof Error && (err as { code?: unknown }).code === "ECONNRESET" && err.message === "aborted";
}
