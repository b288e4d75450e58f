/**
 * The `error_code`s the auth server (`/auth/v1`, GoTrue-compatible) can answer with
 * (docs/architecture.md §7). The server's `AuthError` takes only these, and the web app maps each
 * to a message of its catalogues (a test fails when one has none). Zod-free.
 */
export const AUTH_ERROR_CODES = [
  "bad_json",
  "bad_jwt",
  "current_password_invalid",
  "current_password_required",
  "email_not_confirmed",
  "insufficient_aal",
  "invalid_credentials",
  "mfa_challenge_expired",
  "mfa_factor_name_conflict",
  "mfa_factor_not_found",
  "mfa_ip_address_mismatch",
  "mfa_phone_enroll_not_enabled",
  "mfa_recovery_codes_locked",
  "mfa_recovery_codes_sole_factor",
  "mfa_verification_failed",
  "mfa_verified_factor_exists",
  "mfa_webauthn_enroll_not_enabled",
  "no_authorization",
  "not_found",
  "otp_expired",
  "over_email_send_rate_limit",
  "over_request_rate_limit",
  "phone_provider_disabled",
  "reauthentication_needed",
  "reauthentication_not_valid",
  "refresh_token_already_used",
  "refresh_token_not_found",
  "request_aborted",
  "request_entity_too_large",
  "same_password",
  "session_expired",
  "session_not_found",
  "signup_disabled",
  "too_many_enrolled_mfa_factors",
  "unexpected_failure",
  "unsupported_grant_type",
  "user_banned",
  "user_not_found",
  "validation_failed",
  "weak_password",
] as const;

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];
