-- Two-factor sign-in (GoTrue's MFA, README "Two-factor sign-in"): factors, their challenges and
-- recovery codes. TOTP secrets are stored only encrypted (AES-256-GCM under MFA_ENCRYPTION_KEY, the
-- factor id as associated data); recovery codes only as an HMAC. Times come from the app's Clock.

CREATE TABLE mfa_factors (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  friendly_name text,
  factor_type text NOT NULL CHECK (factor_type IN ('totp', 'recovery_code')),
  status text NOT NULL CHECK (status IN ('unverified', 'verified')),
  -- TOTP: "v1:" + base64url(iv | tag | ciphertext); NULL for the recovery-code set.
  secret text,
  -- The newest TOTP time step accepted: a code of that step or an older one is never taken again.
  last_used_step bigint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  last_challenged_at timestamptz
);
CREATE INDEX mfa_factors_user_id_idx ON mfa_factors (user_id);
-- Friendly names are unique per user (GoTrue's mfa_factor_name_conflict); unnamed factors may repeat.
CREATE UNIQUE INDEX mfa_factors_user_name_key ON mfa_factors (user_id, friendly_name) WHERE friendly_name IS NOT NULL;
-- One recovery-code set per user.
CREATE UNIQUE INDEX mfa_factors_one_recovery_set ON mfa_factors (user_id) WHERE factor_type = 'recovery_code';

-- A challenge is answered once, before it expires, by the session and network that asked for it.
CREATE TABLE mfa_challenges (
  id uuid PRIMARY KEY,
  factor_id uuid NOT NULL REFERENCES mfa_factors (id) ON DELETE CASCADE,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  ip_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  verified_at timestamptz
);
CREATE INDEX mfa_challenges_factor_id_idx ON mfa_challenges (factor_id);
CREATE INDEX mfa_challenges_session_id_idx ON mfa_challenges (session_id);

CREATE TABLE mfa_recovery_codes (
  id bigserial PRIMARY KEY,
  factor_id uuid NOT NULL REFERENCES mfa_factors (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  UNIQUE (factor_id, code_hash)
);
