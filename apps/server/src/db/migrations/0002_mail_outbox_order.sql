-- Mail written in the same instant (one request can enqueue two) needs a stable order for
-- "newest first": an insertion sequence breaks ties in created_at.
ALTER TABLE mail_outbox ADD COLUMN seq bigserial;
