// A Playwright reporter that keeps, for every test, where its time went: every step Playwright
// records (fixtures such as the browser and the seeded world, hooks, page API calls such as
// navigations, expects such as screenshot comparisons, and the suites' own `test.step`s such as
// settle and axe), flattened with their nesting depth. The JSON reporter drops everything but
// `test.step`, so `pnpm test:timings` (scripts/test-timings.mjs) reads this file instead:
// test-results/playwright-timings.json (or PLAYWRIGHT_TIMINGS_FILE).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Steps shorter than this are left out (thousands of tiny locator calls would bloat the file). */
const MIN_STEP_MS = 20;
/** Expects that `pnpm test:timings` counts in coverage.txt (scripts/test-timings.mjs). */
const COUNTED = /toHaveScreenshot|toMatchAriaSnapshot/;

export default class TimingsReporter {
  constructor(options = {}) {
    this.outputFile =
      process.env.PLAYWRIGHT_TIMINGS_FILE ?? options.outputFile ?? "test-results/playwright-timings.json";
    this.tests = [];
  }

  onBegin(config) {
    this.rootDir = config.rootDir;
    this.started = Date.now();
    this.workers = config.workers;
  }

  onTestEnd(test, result) {
    const steps = [];
    const walk = (list, depth) => {
      for (const step of list) {
        // Suite steps and the checks coverage.txt lists are kept however short: an ARIA snapshot that
        // matched in under 20 ms once went missing from the list although it had run and passed.
        if (step.duration >= MIN_STEP_MS || step.category === "test.step" || COUNTED.test(step.title)) {
          steps.push({ depth, category: step.category, title: step.title, ms: step.duration });
        }
        walk(step.steps, depth + 1);
      }
    };
    walk(result.steps, 0);
    this.tests.push({
      project: test.parent.project()?.name ?? "",
      file: path.relative(this.rootDir, test.location.file),
      title: test.titlePath().slice(3).join(" › "),
      status: result.status,
      ms: result.duration,
      worker: result.workerIndex,
      start: result.startTime.getTime(),
      steps,
    });
  }

  onEnd(result) {
    const file = path.resolve(this.outputFile);
    mkdirSync(path.dirname(file), { recursive: true });
    const report = { started: this.started, wallMs: result.duration, workers: this.workers, tests: this.tests };
    writeFileSync(file, JSON.stringify(report));
  }

  printsToStdio() {
    return false;
  }
}
