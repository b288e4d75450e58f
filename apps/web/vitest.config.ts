import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    // One jsdom per worker instead of per file: setting up jsdom and importing React, Radix and
    // Testing Library again for every file took 3/4 of this project's time (48 s → 14 s with both
    // projects). Testing Library cleans the DOM after each test; files shuffled with
    // --sequence.shuffle.files passed the same.
    isolate: false,
    setupFiles: [fileURLToPath(new URL("./vitest.setup.ts", import.meta.url))],
  },
});
