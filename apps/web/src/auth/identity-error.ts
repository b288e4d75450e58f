/** What supabase-js puts on an error (AuthApiError and friends). */
export interface IdentityError {
  status?: number;
  code?: string;
  message?: string;
  /** Why a password was refused (AuthWeakPasswordError: `length`, `pwned`, `characters`). */
  reasons?: string[];
}
