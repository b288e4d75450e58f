-- Pre-registration takeover (README, "Security"; auth/sign-up.ts, auth/verify.ts). Each sign-up
-- of a still-unconfirmed address now gets a code of its own that carries that sign-up's password
-- hash and metadata, and a later sign-up no longer voids an earlier one's code: the password that
-- becomes the account's is the one given with the sign-up whose code was verified, whatever the
-- network it is typed from. A sign-up made while another one with a different password was
-- pending is `signup_contested`: its code confirms the address but brings no password (the owner
-- sets hers in the session her code opens), so a stranger's repeated sign-up never puts his
-- password into the account, whichever code the owner types. Other purposes keep one live code.
ALTER TABLE one_time_codes ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_pkey;
ALTER TABLE one_time_codes ADD PRIMARY KEY (id);
CREATE UNIQUE INDEX one_time_codes_one_live_idx ON one_time_codes (user_id, purpose) WHERE purpose <> 'signup';
CREATE INDEX one_time_codes_user_id_idx ON one_time_codes (user_id);
ALTER TABLE one_time_codes ADD COLUMN signup_password_hash text;
ALTER TABLE one_time_codes ADD COLUMN signup_data jsonb;
ALTER TABLE one_time_codes ADD COLUMN signup_contested boolean NOT NULL DEFAULT false;
-- Codes mailed before the upgrade carry the pending account's password; a re-keyed account's
-- (migration 0012) counts as contested, as the network rule it replaces would have dropped it.
UPDATE one_time_codes AS c
   SET signup_password_hash = u.encrypted_password,
       signup_data = u.raw_user_meta_data,
       signup_contested = u.signup_network_hash IS NOT NULL
  FROM users AS u
 WHERE c.user_id = u.id AND c.purpose = 'signup' AND u.email_confirmed_at IS NULL;
ALTER TABLE users DROP COLUMN signup_network_hash;
