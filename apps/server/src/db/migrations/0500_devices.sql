-- Devices and the peer change log (docs/architecture.md, "Devices and the address pool"). Owned by
-- the `devices` module; the node API reads the log through its public entry.
--
-- A device is one WireGuard public key with its tunnel addresses. `address_number` is unique
-- service-wide: the IPv4 and IPv6 addresses are both derived from it (src/devices/addresses.ts)
-- and stored as given out. No ON DELETE CASCADE from customers: an account's devices go through
-- the module (forgetCustomerDevices), which quarantines their addresses and tells the nodes.
CREATE TABLE devices (
  id uuid PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id),
  protocol text NOT NULL DEFAULT 'wireguard' CHECK (protocol IN ('wireguard')),
  name text NOT NULL,
  public_key text NOT NULL,
  address_number integer NOT NULL,
  ipv4 text NOT NULL,
  ipv6 text NOT NULL,
  server_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  last_handshake_at timestamptz
);
CREATE UNIQUE INDEX devices_public_key ON devices (public_key);
CREATE UNIQUE INDEX devices_address_number ON devices (address_number);
CREATE INDEX devices_customer ON devices (customer_id, created_at);

-- The next never-used device number (one row; its row lock orders concurrent allocations).
CREATE TABLE device_address_counter (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  next_number integer NOT NULL
);
INSERT INTO device_address_counter (id, next_number) VALUES (true, 2);

-- Numbers given back by removed devices: reused only after DEVICE_ADDRESS_QUARANTINE_SECONDS.
CREATE TABLE device_addresses_freed (
  address_number integer PRIMARY KEY,
  freed_at timestamptz NOT NULL
);
CREATE INDEX device_addresses_freed_at ON device_addresses_freed (freed_at);

-- The global access revision (one row). Every change of who has access bumps it under this row's
-- lock, taken last in its transaction, so revisions become visible in order on any number of
-- server processes. `pruned_through`: log entries up to it are gone (older `since` → start over).
-- `expiry_swept_until`: subscriptions that ended before it have been written to the log.
CREATE TABLE access_revision (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  revision bigint NOT NULL,
  pruned_through bigint NOT NULL,
  expiry_swept_until timestamptz
);
INSERT INTO access_revision (id, revision, pruned_through) VALUES (true, 0, 0);

-- Which public keys a revision touched. What a key's state is now (upsert or remove) is read from
-- the devices when a node asks, so the log holds nothing but keys.
CREATE TABLE access_changes (
  revision bigint NOT NULL,
  public_key text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (revision, public_key)
);
