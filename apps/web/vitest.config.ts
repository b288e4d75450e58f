import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "web",
    // scripts/: the build steps' pure parts (their own files say `@vitest-environment node`).
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.mjs"],
    environment: "jsdom",
    // A fresh module graph and jsdom per file. Sharing them (isolate: false) took 21 s instead of
    // 45 s, but files' vi.mock and stubbed globals then leaked into whichever file ran next in the
    // worker: the order changes with Vitest's duration cache, so tests failed by turns in full runs
    // (sessions-section, errors, account-read-failures), and 12+ failed with --sequence.shuffle.files.
    isolate: true,
    setupFiles: [fileURLToPath(new URL("./vitest.setup.ts", import.meta.url))],
  },
});
