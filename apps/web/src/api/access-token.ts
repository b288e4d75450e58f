/**
 * The current session's access token, kept in step with the auth client by the AuthProvider so
 * the API wrapper can attach it without importing (and so loading) the auth client itself.
 */
let token: string | null = null;
let onRefused: ((refused: string) => void) | null = null;

export const accessToken = {
  get: (): string | null => token,
  set: (next: string | null): void => {
    token = next;
  },
  /**
   * The API answered 401 to a request that carried `refused`: its session may have been ended on
   * another device (docs/product.md §11.5). The AuthProvider then asks the auth server, which signs
   * this device out if so.
   */
  refused: (refused: string): void => {
    onRefused?.(refused);
  },
  /** Who is told about refused tokens (one listener: the AuthProvider); returns the unsubscribe. */
  onRefused: (listener: (refused: string) => void): (() => void) => {
    onRefused = listener;
    return () => {
      if (onRefused === listener) onRefused = null;
    };
  },
};
