-- A sign-up that re-keys a still-unconfirmed account (someone signed the address up before)
-- records which client network it came from (hashed, as rate-limit subjects are). Confirming such
-- an account from another network confirms the address but keeps no password: the code proves the
-- mailbox, not that the person typing it chose the password of the newest sign-up (README,
-- Security: pre-registration takeover). NULL for an address signed up once.
ALTER TABLE users ADD COLUMN signup_network_hash text;
