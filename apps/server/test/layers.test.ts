import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The layering rules of .dependency-cruiser.cjs (docs/architecture.md §1.5), run on a fixture laid
// out like the repository (test/fixtures/layers/apps/{server,web}/src) with one bad import of each
// kind and the imports the rules must let through. `pnpm lint:layers` runs the same rules on the
// real source in `npm test`; this proves that they bite.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const fixture = path.join(repoRoot, "apps/server/test/fixtures/layers");
// A root devDependency; its package exports no path to the command, so the file is named here.
const depcruise = path.join(repoRoot, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** One run of the command on the fixture, as `pnpm lint:layers` runs it on the source. */
function cruiseFixture(outputType: "err" | "json") {
  return spawnSync(
    process.execPath,
    [
      depcruise,
      "apps/server/src",
      "apps/web/src",
      "--config",
      path.join(repoRoot, ".dependency-cruiser.cjs"),
      "--output-type",
      outputType,
    ],
    // No environment of this process: the command needs none (and must not see DATABASE_URL).
    { cwd: fixture, encoding: "utf8", env: {} },
  );
}

describe("given the layering rules run on a tree with bad imports", () => {
  const asLint = cruiseFixture("err");
  const report = JSON.parse(cruiseFixture("json").stdout) as { summary: { violations: Violation[] } };
  const found = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();

  it("should fail the lint step, as `npm test` then does", () => {
    expect(asLint.status).not.toBe(0);
    expect(asLint.stdout).toContain("server-layers: apps/server/src/http/index.ts → apps/server/src/auth/index.ts");
  });

  it("should name each bad import, and only those", () => {
    expect(found).toEqual(
      [
        // Back up the layers: the toolkit importing a feature module, a component importing a page.
        "server-layers: apps/server/src/http/index.ts → apps/server/src/auth/index.ts",
        "web-layers: apps/web/src/components/card.ts → apps/web/src/pages/home/home-page.ts",
        // The hand-over is allowed from the islands' start-up only, never from another island file.
        "web-layers: apps/web/src/islands/hydrate.ts → apps/web/src/spa/start.tsx",
        // Past a module's entry (the same module through its entry is fine).
        "server-entry-only: apps/server/src/api/index.ts → apps/server/src/auth/sign-in.ts",
        // A folder no floor names.
        "server-unplaced: apps/server/src/api/index.ts → apps/server/src/surplus/index.ts",
        // A circle inside one module (named once, where the cruise first meets it).
        "no-circular: apps/server/src/mail/index.ts → apps/server/src/mail/outbox.ts",
      ].sort(),
    );
  });
});
