-- Wrong tries of a mailed code (sign-up, recovery) per client network (README, "Security": targeted
-- denial of recovery): {"<network hash>": tries}. A code is void for a network after 5 wrong tries
-- from it, never for the others, so a stranger's guesses cannot void the code the owner is about
-- to type; the account-wide caps over all networks (rate_limits) bound guessing as before. Reset
-- with every new code. `attempts` keeps counting every wrong try (re-authentication codes, which
-- only their signed-in session can try, are still voided by it).
ALTER TABLE one_time_codes ADD COLUMN network_attempts jsonb NOT NULL DEFAULT '{}'::jsonb;
