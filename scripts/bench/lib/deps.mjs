// Benchmark scripts live at the root but use packages the server workspace already installs
// (autocannon, pg): resolve them from there instead of duplicating them as root dependencies.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const serverDir = path.join(repoRoot, "apps/server");
export const webDir = path.join(repoRoot, "apps/web");

const fromServer = createRequire(path.join(serverDir, "package.json"));
const fromRoot = createRequire(path.join(repoRoot, "package.json"));

/** Any dependency of apps/server. */
export const requireFromServer = (id) => fromServer(id);
/** autocannon 9 (CommonJS), from apps/server's devDependencies. */
export const autocannon = fromServer("autocannon");
/** node-postgres, from apps/server's dependencies. */
export const pg = fromServer("pg");
/** A root devDependency (playwright, lighthouse's CommonJS helpers). */
export const requireFromRoot = (id) => fromRoot(id);
