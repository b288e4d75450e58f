-- What a session has proved lately, for the changes that must be vouched for (README, "Security"):
-- `mfa_factor_id` is the factor whose code last raised or re-verified the session (an authenticator
-- or the recovery-code set; a recent code of an EXISTING factor is what adding, removing or
-- regenerating factors needs), `reauthenticated_at` when a mailed re-authentication code was last
-- used by it (a first authenticator from a session older than the secure-change window needs one).
-- Nullable, no default: sessions of the previous release have proved neither, and during a rolling
-- restart the previous release keeps working (it never reads them).
ALTER TABLE sessions ADD COLUMN mfa_factor_id uuid;
ALTER TABLE sessions ADD COLUMN reauthenticated_at timestamptz;
