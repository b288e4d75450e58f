// A Vitest reporter that keeps, for every test file of every project (so a server file shows once
// per database engine: `server` on PGlite, `server:postgres`), how long it took and where:
// environment, preparing, importing (collect), setup files and the tests themselves. Vitest's JSON
// reporter names neither the project nor the import time, so `pnpm test:timings`
// (scripts/test-timings.mjs) reads this file: test-results/vitest-timings.json (or
// VITEST_TIMINGS_FILE).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export default class VitestTimingsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
    this.started = Date.now();
  }

  onTestRunEnd(testModules) {
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      const tests = [...module.children.allTests()];
      return {
        project: module.project.name,
        file: path.relative(this.root, module.moduleId),
        state: module.state(),
        tests: tests.length,
        start: module.task.result?.startTime ?? null,
        environmentMs: Math.round(d.environmentSetupDuration),
        prepareMs: Math.round(d.prepareDuration),
        collectMs: Math.round(d.collectDuration),
        setupMs: Math.round(d.setupDuration),
        testsMs: Math.round(d.duration),
      };
    });
    const out = path.resolve(this.root, process.env.VITEST_TIMINGS_FILE ?? "test-results/vitest-timings.json");
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ started: this.started, wallMs: Date.now() - this.started, files }));
  }
}
