import { describe, expect, it } from "vitest";
import { describeUserAgent } from "../../src/api/user-agent.js";

describe("describeUserAgent (the Security screen's browser and system)", () => {
  it.each([
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      { browser: "Microsoft Edge", browser_version: "131", os: "macOS", os_version: null, device: "desktop" },
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      { browser: "Chrome", browser_version: "131", os: "Linux", os_version: null, device: "desktop" },
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
      { browser: "Safari", browser_version: "16", os: "iOS", os_version: "16.6", device: "tablet" },
    ],
  ])("should name the browser and system of %s", (header, expected) => {
    expect(describeUserAgent(header)).toEqual(expected);
  });

  it.each([
    ["nothing", null],
    ["an empty header", ""],
    ["a made-up browser name", "Veil Official Support/1.0"],
    ["a header that repeats itself", "Mozilla/5.0 ".repeat(60)],
    ["a command-line client", "curl/8.5.0"],
  ])("should know nothing from %s rather than echo it", (_what, header) => {
    expect(describeUserAgent(header)).toMatchObject({ browser: null, browser_version: null });
  });

  it("should give no version for Windows and macOS, whose User-Agents stopped telling it", () => {
    // Windows 11 reports "Windows NT 10.0"; every macOS since 2020 reports 10_15_7 in Chrome.
    expect(
      describeUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"),
    ).toMatchObject({ os: "Windows", os_version: null });
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      ),
    ).toMatchObject({ os: "Android", os_version: "14" });
  });

  it("should parse only the first 512 characters of an oversized header, quickly", () => {
    const started = performance.now();
    const parts = describeUserAgent(`Mozilla/5.0 (Windows NT 10.0) ${"(".repeat(100_000)}`);
    expect(performance.now() - started).toBeLessThan(200);
    expect(parts).toMatchObject({ browser: null, os: "Windows" });
  });
});
