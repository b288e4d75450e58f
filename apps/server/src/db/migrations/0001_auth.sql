-- Identity: users, identities, sessions, refresh tokens, one-time codes, mail outbox, rate limits.
-- Layout follows Supabase's auth schema where it matters for portability (bcrypt hashes in
-- encrypted_password, raw_app_meta_data / raw_user_meta_data), so users can be moved to a hosted
-- project. Times are written by the application from its Clock, never by now() defaults.

CREATE TABLE users (
  id uuid PRIMARY KEY,
  aud text NOT NULL DEFAULT 'authenticated',
  role text NOT NULL DEFAULT 'authenticated',
  -- Always stored lower-cased (GoTrue does the same); unique across the instance.
  email text NOT NULL,
  encrypted_password text,
  email_confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  -- Language for mail when a request does not say ('en' | 'ru').
  language text NOT NULL DEFAULT 'en',
  raw_app_meta_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  raw_user_meta_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT users_email_lower CHECK (email = lower(email))
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE identities (
  id uuid PRIMARY KEY,
  provider_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  identity_data jsonb NOT NULL,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (provider, provider_id)
);
CREATE INDEX identities_user_id_idx ON identities (user_id);

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  aal text NOT NULL DEFAULT 'aal1',
  -- [{"method": "password" | "otp" | "recovery", "timestamp": <unix seconds>}], newest first.
  amr jsonb NOT NULL,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  refreshed_at timestamptz
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Refresh tokens are stored only as SHA-256 hashes. Each session's tokens form a chain
-- (parent_id); at most one is unrevoked at a time.
CREATE TABLE refresh_tokens (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  parent_id bigint REFERENCES refresh_tokens (id) ON DELETE SET NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);

-- E-mailed 6-digit codes, stored only as an HMAC. One live code per user and purpose: issuing a
-- new one replaces (voids) the old. Deleted when used or after too many wrong tries.
CREATE TABLE one_time_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('signup', 'recovery')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, purpose)
);

-- Addresses a user has signed in from successfully (hashed). Failed logins from elsewhere can slow
-- an e-mail down, but never for these, so nobody can lock the owner out.
CREATE TABLE user_known_ips (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ip_hash text NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, ip_hash)
);

-- Every mail is written here first (in the same transaction as the change that caused it) and
-- delivered from here, so a failed delivery is retried rather than lost.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  template text NOT NULL,
  language text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE INDEX mail_outbox_pending_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_to_idx ON mail_outbox (to_address, created_at DESC);

-- Fixed-window counters shared by every server process. subject is a hash of the IP or e-mail.
CREATE TABLE rate_limits (
  bucket text NOT NULL,
  subject text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, subject)
);
