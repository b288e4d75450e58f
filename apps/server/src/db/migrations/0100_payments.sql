-- Product side of Veil: customers, plans, payments, subscriptions, contact messages.
-- Keyed by the JWT `sub`, so the product API works the same with the embedded auth server or a
-- hosted Supabase project. Money is kept in integer cents; times come from the app's clock.

CREATE TABLE customers (
  id text PRIMARY KEY,                       -- the access token's `sub`
  email text NOT NULL,
  blocked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX customers_email_key ON customers (lower(email));

CREATE TABLE plans (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  price_cents integer NOT NULL CHECK (price_cents > 0),
  days integer NOT NULL CHECK (days > 0),
  sort_order integer NOT NULL
);
-- Seeded from @veil/contracts PLAN_CATALOGUE (a test keeps the two equal).
INSERT INTO plans (id, name, price_cents, days, sort_order) VALUES
  (1, '1 Week', 200, 7, 1),
  (2, '1 Month', 500, 30, 2),
  (3, '6 Month', 2500, 180, 3),
  (4, '1 Year', 4500, 365, 4);

CREATE TABLE payments (
  id text PRIMARY KEY,                       -- our transaction id = Exnode client_transaction_id
  customer_id text REFERENCES customers (id) ON DELETE SET NULL,  -- null once the account is deleted
  plan_id integer NOT NULL REFERENCES plans (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL,
  token text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'success', 'rejected')),
  provider text NOT NULL,
  tracker_id text UNIQUE,                    -- the provider's invoice id, once known
  payment_url text,
  provider_status text,                      -- last status the provider reported
  days_credited integer,                     -- set exactly once, when the payment is credited
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  settled_at timestamptz,
  last_checked_at timestamptz
);
CREATE INDEX payments_customer_created ON payments (customer_id, created_at DESC);
CREATE INDEX payments_pending ON payments (last_checked_at NULLS FIRST) WHERE status = 'pending';

-- What happened to a payment and why: provider answers that changed something, anomalies
-- (amount mismatch, a second paid invoice), admin re-checks. Support reads it; nothing else does.
CREATE TABLE payment_events (
  id bigserial PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  tracker_id text,
  provider_status text,
  outcome text NOT NULL,
  detail text,
  created_at timestamptz NOT NULL
);
CREATE INDEX payment_events_payment ON payment_events (payment_id, id);

CREATE TABLE subscriptions (
  customer_id text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  plan_id integer REFERENCES plans (id),     -- the plan last bought; null after admin grants only
  ends_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Days granted by hand (support), for the record.
CREATE TABLE subscription_grants (
  id bigserial PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  days integer NOT NULL,
  reason text,
  created_at timestamptz NOT NULL
);

CREATE TABLE contact_messages (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  message text NOT NULL,
  customer_id text REFERENCES customers (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX contact_messages_created ON contact_messages (created_at DESC);

-- Fixed-window request counters for the product API's rate limits (per IP, per e-mail …).
CREATE TABLE api_rate_limits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
