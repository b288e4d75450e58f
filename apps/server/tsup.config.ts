import { cpSync, rmSync } from "node:fs";
import { defineConfig } from "tsup";

export default defineConfig({
  // The server, and the admin command line compiled beside it (`node dist/admin.js`, no tsx).
  entry: { main: "src/main.ts", admin: "src/admin/cli.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  // Workspace packages ship TypeScript source, so they are bundled; npm dependencies stay external.
  noExternal: [/^@veil\//],
  // The migrations beside the bundle (src/db/migrate.ts looks next to the running module first), so
  // a production bundle (scripts/bundle.mjs) needs no source tree.
  async onSuccess() {
    rmSync("dist/migrations", { recursive: true, force: true });
    cpSync("src/db/migrations", "dist/migrations", { recursive: true });
  },
});
