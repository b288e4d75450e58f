import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["test/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
