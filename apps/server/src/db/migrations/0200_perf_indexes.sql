-- Indexes found missing by the scale benchmark (scripts/bench/scale.mjs, BENCHMARKS.md).
--
-- The rate-limit sweeps (`DELETE … WHERE window_start < $1`, run on about 1% of new windows) had
-- only the (bucket, …) primary keys to go on, so each sweep read the whole table: a full scan inside
-- an ordinary request, which is exactly what a p99 measures.
CREATE INDEX api_rate_limits_window_start ON api_rate_limits (window_start);
CREATE INDEX rate_limits_window_start ON rate_limits (window_start);

-- Account deletion removes mail and contact messages by lower-cased address; the existing
-- mail_outbox index is on the raw column, so both deletes scanned whole tables that only grow.
CREATE INDEX mail_outbox_to_lower_idx ON mail_outbox (lower(to_address));
CREATE INDEX contact_messages_email_lower_idx ON contact_messages (lower(email));
