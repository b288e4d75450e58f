-- VPN servers (nodes) as data (docs/operations.md, "Running VPN nodes"). Owned by the `nodes`
-- module. A node's token is stored only as its SHA-256 (the token is 32 random bytes, so a fast
-- hash is enough); `disabled` refuses the token at once. Status columns say what the node last
-- did, never whom it served.
CREATE TABLE nodes (
  id uuid PRIMARY KEY,
  country text NOT NULL,
  city text NOT NULL,
  host text NOT NULL,
  endpoint text NOT NULL,
  public_key text NOT NULL,
  token_hash text NOT NULL,
  disabled boolean NOT NULL DEFAULT false,
  demo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  last_sync_at timestamptz,
  agent_version text,
  peer_count integer
);
CREATE UNIQUE INDEX nodes_token_hash ON nodes (token_hash);
-- At most one demo node (development), so several processes starting at once create one.
CREATE UNIQUE INDEX nodes_one_demo ON nodes (demo) WHERE demo;
