import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./packages/test-kit/src/chromium.js";

/**
 * Browser suites on Debian's Chromium (never a downloaded browser: this network has none to give).
 * Projects: `web` drives the built app served by the real server. Later suites (Storybook, a11y,
 * VRT) add projects here.
 */
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 8181);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const isCI = !!process.env.CI;

/**
 * Projects named on the command line (`--project a b` or `--project=a`); empty means all. Playwright
 * starts every webServer whatever the filter, so `--project storybook` (which serves its own static
 * files) would otherwise boot the app server too and fail when another run holds its data dir.
 */
function selectedProjects(argv: string[]): string[] {
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg.startsWith("--project=")) names.push(arg.slice("--project=".length));
    else if (arg === "--project") {
      while (argv[i + 1] && !argv[i + 1]?.startsWith("-")) names.push(argv[++i] ?? "");
    }
  }
  return names;
}
const selected = selectedProjects(process.argv);
/** Where the `web` project's server writes its log, read by the `server-log` project. */
export const E2E_SERVER_LOG = "test-results/logs/e2e-server.log";
const runs = (project: string) => selected.length === 0 || selected.includes(project);

export default defineConfig({
  fullyParallel: true,
  forbidOnly: true,
  // No blanket retries: a flaky test is a bug to understand, not to hide.
  retries: 0,
  workers: isCI ? 2 : undefined,
  // Artifacts (traces, diff images) in their own folder: Playwright empties its outputDir at start,
  // and test-results/ also holds the Vitest reports that the test summary reads.
  outputDir: "test-results/playwright",
  // The timings reporter keeps where each test's time went (fixtures, navigations, captures, axe)
  // for `pnpm test:timings`; it writes one small JSON file and prints nothing.
  reporter: isCI
    ? [
        ["list"],
        ["json", { outputFile: "test-results/playwright.json" }],
        ["html", { open: "never" }],
        ["./scripts/lib/playwright-timings-reporter.mjs"],
      ]
    : [["list"], ["html", { open: "never" }], ["./scripts/lib/playwright-timings-reporter.mjs"]],
  snapshotPathTemplate: "{testDir}/__screenshots__/{testFilePath}/{arg}{ext}",
  use: {
    locale: "en-US",
    timezoneId: "UTC",
    deviceScaleFactor: 1,
    // Recording a trace costs ~15% on DOM-heavy tests (axe), and CI keeps only the printed report,
    // so CI records none; locally a failure keeps its trace. Rerun a CI failure with `--trace on`.
    trace: isCI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [...CHROMIUM_ARGS, "--force-color-profile=srgb", "--font-render-hinting=none", "--disable-lcd-text"],
    },
  },
  projects: [
    {
      // First: Playwright hands out tests in the order of this list, and this one test spends most of
      // its 45 s waiting on WireGuard handshakes and the agent's sync, so it overlaps the other
      // worker's work here; last, it ran alone at the end of every run (issue #27).
      // apps/node-agent/e2e: a real WireGuard tunnel — network namespaces, wireguard-go, the built
      // server and the built agent (pnpm run build first). Needs root and /dev/net/tun; where it
      // cannot run it fails and says why (VEIL_TUNNEL_TEST=skip skips it knowingly).
      name: "tunnel",
      testDir: "apps/node-agent/e2e",
      fullyParallel: false,
      timeout: 300_000,
    },
    {
      name: "web",
      testDir: "apps/web/e2e",
      use: { ...devices["Desktop Chrome"], baseURL: `http://localhost:${WEB_PORT}` },
    },
    {
      // After the whole web suite: its server's log, checked for leaked secrets (issue #32).
      name: "server-log",
      testDir: "apps/server/e2e",
      dependencies: ["web"],
    },
    {
      // @veil/ui against its built static Storybook (served per worker on a free port by the
      // fixture in packages/ui/e2e/helpers/storybook.ts): axe on every story (@a11y) and
      // screenshots of every Matrix story (@vrt). Build first: pnpm --filter @veil/ui build-storybook.
      name: "storybook",
      testDir: "packages/ui/e2e",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 900 },
        deviceScaleFactor: 1,
        colorScheme: "light",
        reducedMotion: "reduce",
      },
    },
    {
      // examples/consumer: an app outside the workspace with @veil/ui installed from the packed
      // tarball (node examples/consumer/build.mjs builds it): axe, shipped fonts and screenshots.
      name: "consumer",
      testDir: "examples/consumer/e2e",
      use: { ...devices["Desktop Chrome"], reducedMotion: "reduce" },
    },
    {
      // examples/consumer-next: a Next.js App Router app outside the workspace, @veil/ui from the same
      // packed tarball rendered by a server component, styled by the precompiled @veil/ui/styles.css
      // (node examples/consumer-next/build.mjs builds it): prerendered HTML, axe, shipped fonts,
      // screenshots and hydration.
      name: "consumer-next",
      testDir: "examples/consumer-next/e2e",
      use: { ...devices["Desktop Chrome"], reducedMotion: "reduce" },
    },
  ],
  // The app server is only needed by the `web` project.
  webServer: !(runs("web") || runs("server-log"))
    ? []
    : [
        {
          // Its log goes to a file (info level: an access line per request) for `server-log`.
          command: `mkdir -p test-results/logs && exec node apps/server/dist/main.js > ${E2E_SERVER_LOG} 2>&1`,
          url: `http://localhost:${WEB_PORT}/healthz`,
          // Mail resends are allowed after 1 s instead of 30 so the flows (sign up, then recover the
          // same address; resend after the countdown, fast-forwarded in the browser) run without waits.
          // A throw-away in-memory database: every run starts clean and never touches the .data/ of
          // a server someone is running with `npm start`.
          // Every browser test comes from 127.0.0.1, so the per-IP limits (30 sign-ups, codes and
          // account lookups per 5 minutes) are raised: a fast machine runs more than 30 sign-ups in
          // five minutes. The limits themselves are tested by the server suites.
          env: {
            PORT: String(WEB_PORT),
            NODE_ENV: "test",
            LOG_LEVEL: "info",
            MAIL_RESEND_SECONDS: "1",
            DATA_DIR: "memory://",
            RATE_LIMIT_OTP_PER_5MIN: "10000",
            RATE_LIMIT_VERIFY_PER_5MIN: "10000",
            RATE_LIMIT_TOKEN_PER_5MIN: "10000",
            RATE_LIMIT_ACCOUNT_LOOKUP_PER_5MIN: "10000",
            // bcrypt at its lowest cost (test only, refused in production): every sign-up and
            // sign-in of the suite hashes, at cost 10 ~50 ms of CPU each (far more under load).
            TEST_PASSWORD_HASH_COST: "4",
            // The in-memory database from a cached migrated dump instead of initdb (test only).
            TEST_PGLITE_TEMPLATE_DIR: path.join(os.tmpdir(), "veil-test-templates"),
          },
          reuseExistingServer: false,
          timeout: 60_000,
        },
      ],
});
