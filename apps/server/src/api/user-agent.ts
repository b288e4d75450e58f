/**
 * Browser and system of a session, from its User-Agent, for the Security screen (docs/product.md
 * §11.5). Parsed with bowser (README, "Design notes"). A User-Agent is whatever the client sent, so
 * only names from bowser's own tables and plain version numbers come out: a made-up browser name
 * reads as unknown instead of being shown to the user as if we had recognised it.
 */
import type { DeviceSession } from "@veil/contracts";
import Bowser from "bowser";

/** Longer headers are cut here before parsing (sessions store at most 512 characters anyway). */
const MAX_PARSED = 512;
const KNOWN_BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP));
const KNOWN_SYSTEMS = new Set(Object.values(Bowser.OS_MAP));
const DEVICES = new Set<string>(["desktop", "mobile", "tablet", "tv"]);
const VERSION = /^\d{1,6}(?:[._]\d{1,6}){0,3}$/;
/**
 * Systems whose version browsers no longer tell: Windows 11 still says "Windows NT 10.0", and
 * Chrome and Safari say "Mac OS X 10_15_7" on every macOS since. A version there would often be
 * wrong, so none is given.
 */
const FROZEN_VERSIONS = new Set(["Windows", "macOS"]);

export type UserAgentParts = Pick<DeviceSession, "browser" | "browser_version" | "os" | "os_version" | "device">;

const UNKNOWN: UserAgentParts = { browser: null, browser_version: null, os: null, os_version: null, device: null };

/** "131.0.0.0" → "131"; anything that is not a version number → null. */
function majorOf(version: string | undefined): string | null {
  return version && VERSION.test(version) ? (version.split(/[._]/)[0] ?? null) : null;
}

/** A system version as people name it: bowser's name for it, else "17.4". */
function systemVersion(os: { version?: string | undefined; versionName?: string | undefined }): string | null {
  if (os.versionName && /^[\w .]{1,32}$/.test(os.versionName)) return os.versionName;
  if (os.version && VERSION.test(os.version)) return os.version.replaceAll("_", ".").split(".").slice(0, 2).join(".");
  return null;
}

export function describeUserAgent(header: string | null | undefined): UserAgentParts {
  const text = header?.slice(0, MAX_PARSED).trim();
  if (!text) return UNKNOWN;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(text);
  } catch {
    return UNKNOWN;
  }
  const browser = parsed.browser.name && KNOWN_BROWSERS.has(parsed.browser.name) ? parsed.browser.name : null;
  const os = parsed.os.name && KNOWN_SYSTEMS.has(parsed.os.name) ? parsed.os.name : null;
  const device = parsed.platform.type && DEVICES.has(parsed.platform.type) ? parsed.platform.type : null;
  return {
    browser,
    browser_version: browser ? majorOf(parsed.browser.version) : null,
    os,
    os_version: os && !FROZEN_VERSIONS.has(os) ? systemVersion(parsed.os) : null,
    device: device as UserAgentParts["device"],
  };
}
