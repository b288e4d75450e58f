/**
 * The switches every test run starts Debian's Chromium with (Playwright's projects and the Vitest
 * Storybook project), in one place. Imported by relative path from both configs (a config loader
 * leaves a workspace package's import to Node, which cannot load TypeScript), so nothing here may
 * import anything.
 */

/**
 * Chromium reads only the last `--disable-features` it is given, and Playwright puts its own list
 * first, so this one flag carries Playwright's (1.65: each name is one of its defaults, kept by
 * e2e/chromium-switches.spec.ts in @veil/ui) and ours after it. A second `--disable-features`
 * anywhere later would silently drop all of these.
 */
const DISABLED_FEATURES = [
  // Playwright's defaults.
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  // Also a switch of the deterministic screenshots (@veil/test-kit screenshots.ts).
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
  // Ours. Chromium 156 preloads its WebUI omnibox popup (chrome://omnibox-popup.top-chrome, a
  // renderer of its own) into every new window, and every Playwright context opens its page in a
  // new window: 0.97–1.10 CPU-s per new context and page with it, 0.33–0.36 without, a launch 1.62–1.71
  // → 1.02–1.09 CPU-s (measured here, README "Tests"). A headless page has no omnibox to show it in.
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
];

export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  // This machine's closed network refuses Chromium's own connections (updates, sync).
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${DISABLED_FEATURES.join(",")}`,
];
