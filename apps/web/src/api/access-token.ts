/**
 * The current session's access token, kept in step with the auth client by the AuthProvider so
 * the API wrapper can attach it without importing (and so loading) the auth client itself.
 */
let token: string | null = null;

export const accessToken = {
  get: (): string | null => token,
  set: (next: string | null): void => {
    token = next;
  },
};
