/**
 * `pnpm admin nodes …` (docs/operations.md, "Running VPN nodes"): the operator's side of the nodes
 * module. A token is printed once, when a node is added or its token rotated; only its hash is kept.
 */
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { createNodeAdmin, NodeInputError } from "../nodes/index.js";
import { safeText, table } from "./render.js";

export const NODES_USAGE = `  nodes add --country NL --city Amsterdam --endpoint host:port --public-key KEY [--host name]
                                     add a VPN node; prints its id and token (once)
  nodes list                         nodes with status (last sync, agent version, peers)
  nodes disable <id> | enable <id>   a disabled node's token is refused at once; it leaves /api/servers
  nodes remove <id>
  nodes rotate-token <id>            a new token (printed once); the old one stops working at once`;

export class NodesUsageError extends Error {
  override name = "NodesUsageError";
}

export interface NodeFlags {
  country?: string | undefined;
  city?: string | undefined;
  endpoint?: string | undefined;
  "public-key"?: string | undefined;
  host?: string | undefined;
}

/** Runs one `nodes` command; returns the exit code. */
export async function runNodesCommand(
  command: string | undefined,
  args: string[],
  flags: NodeFlags,
  deps: { db: Db; clock: Clock; out(text: string): void },
): Promise<number> {
  const admin = createNodeAdmin(deps);
  const { out } = deps;
  const id = args[0];
  const needId = () => {
    if (!id) throw new NodesUsageError(`nodes ${command} needs a node id (see nodes list)`);
    return id;
  };
  switch (command) {
    case "add": {
      const missing = (["country", "city", "endpoint", "public-key"] as const).filter((f) => !flags[f]);
      if (missing.length) throw new NodesUsageError(`nodes add needs ${missing.map((f) => `--${f}`).join(", ")}`);
      try {
        const { node, token } = await admin.add({
          country: flags.country as string,
          city: flags.city as string,
          endpoint: flags.endpoint as string,
          publicKey: flags["public-key"] as string,
          host: flags.host ?? "",
        });
        out(`Added node ${node.id} (${node.country}, ${safeText(node.city)}, ${safeText(node.endpoint)})`);
        out(`Token (shown once; set it as VEIL_NODE_TOKEN on the node): ${token}`);
        return 0;
      } catch (err) {
        if (err instanceof NodeInputError) throw new NodesUsageError(err.message);
        throw err;
      }
    }
    case "list": {
      const nodes = await admin.list();
      out(
        table(
          ["id", "country", "city", "endpoint", "state", "last sync", "agent", "peers"],
          nodes.map((n) => [
            n.id,
            n.country,
            n.city,
            n.endpoint,
            n.disabled ? "disabled" : n.demo ? "demo" : "enabled",
            n.last_sync_at,
            n.agent_version,
            n.peer_count,
          ]),
        ),
      );
      return 0;
    }
    case "disable":
    case "enable": {
      if (!(await admin.setDisabled(needId(), command === "disable")))
        throw new NodesUsageError(`No node ${safeText(id ?? "")}`);
      out(`${command === "disable" ? "Disabled" : "Enabled"} node ${id}`);
      return 0;
    }
    case "remove": {
      if (!(await admin.remove(needId()))) throw new NodesUsageError(`No node ${safeText(id ?? "")}`);
      out(`Removed node ${id}`);
      return 0;
    }
    case "rotate-token": {
      const token = await admin.rotateToken(needId());
      if (!token) throw new NodesUsageError(`No node ${safeText(id ?? "")}`);
      out(`New token for node ${id} (shown once; the old one no longer works): ${token}`);
      return 0;
    }
    default:
      throw new NodesUsageError(`Unknown command "nodes ${safeText(command ?? "")}"\n\n${NODES_USAGE}`);
  }
}
