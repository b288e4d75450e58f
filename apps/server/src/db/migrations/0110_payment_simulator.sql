-- The payment gateway simulator's invoices (development and tests only; unused with real Exnode).
-- It used to create this table itself at start-up, and two processes starting at once on one
-- Postgres raced in CREATE TABLE IF NOT EXISTS (a duplicate pg_type row). A migration runs under
-- the advisory lock instead. IF NOT EXISTS: databases from before this migration already have it.
CREATE TABLE IF NOT EXISTS sim_exnode_invoices (
  tracker_id text PRIMARY KEY,
  client_transaction_id text NOT NULL,
  token text NOT NULL,
  amount text NOT NULL,
  fiat_currency text NOT NULL,
  status text NOT NULL,
  payed_amount text NOT NULL,
  redirect_url text NOT NULL,
  callback_url text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
