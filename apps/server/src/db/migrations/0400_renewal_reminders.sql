-- Renewal reminders (docs/product.md §11.3): crypto cannot be pulled, so a subscription "renews"
-- only when its owner pays again. Owned by the `reminders` module.
--
-- One row per reminder mailed: kind 'soon' (3 days before the end) or 'ended' (when it ends), for
-- one subscription period, named by the end it had (`period_ends_at`). The primary key is the
-- exactly-once guarantee: the row and its mail are written in one transaction, so several
-- processes, restarts and a clock moved backwards can never mail one reminder twice.
CREATE TABLE renewal_reminders (
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('soon', 'ended')),
  period_ends_at timestamptz NOT NULL,
  mail_id uuid,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, kind, period_ends_at)
);

-- Customers who followed the signed unsubscribe link: no more reminders. Deleted with the account.
CREATE TABLE renewal_reminder_optouts (
  customer_id text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);

-- The scheduler looks for subscriptions whose end is near (or just passed).
CREATE INDEX subscriptions_ends_at ON subscriptions (ends_at);

-- Mail headers beyond the usual ones (List-Unsubscribe, List-Unsubscribe-Post of RFC 8058).
-- Nullable, so the previous release keeps working during a rolling restart.
ALTER TABLE mail_outbox ADD COLUMN headers jsonb;
