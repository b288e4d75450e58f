-- Secure password change (GoTrue's "reauthenticate"): a session signed in too long ago confirms a
-- new password with a mailed code, stored in one_time_codes like the others under its own purpose
-- (its own row, so it neither voids nor is voided by a pending sign-up or recovery code).
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
  CHECK (purpose IN ('signup', 'recovery', 'reauthentication'));
