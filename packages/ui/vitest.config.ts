import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

// Unit tests of @veil/ui in jsdom. Stories run as browser tests in vitest.storybook.config.ts.
export default defineProject({
  test: {
    name: "ui",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    // One jsdom per worker instead of per file: setting up jsdom and importing React, Radix and
    // Testing Library again for every file took 3/4 of this project's time (48 s → 14 s with both
    // projects). Testing Library cleans the DOM after each test; files shuffled with
    // --sequence.shuffle.files passed the same.
    isolate: false,
    // axe in jsdom takes ~1 s a run on an idle machine but timed out at the 5 s default on a
    // loaded 2-core box; the limit guards against hangs, not speed (speed lives in benchmarks).
    testTimeout: 30_000,
    setupFiles: [fileURLToPath(new URL("./vitest.setup.ts", import.meta.url))],
  },
});
