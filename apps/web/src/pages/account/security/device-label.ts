import type { DeviceSession } from "@veil/contracts/constants";
import type { MessageKey } from "../../../i18n/catalogues.js";

type Translate = (key: MessageKey, values?: Record<string, string>) => string;

/**
 * "Safari 17 on iOS 17.4": how a session's device is named on the Security screen and in its
 * dialogs (docs/product.md §11.5). Parts the server could not tell read as unknown.
 */
export function deviceLabel(session: DeviceSession, t: Translate): string {
  const named = (name: string | null, version: string | null) => (name && version ? `${name} ${version}` : name);
  return t("security.sessions.device", {
    browser: named(session.browser, session.browser_version) ?? t("security.sessions.unknownBrowser"),
    os: named(session.os, session.os_version) ?? t("security.sessions.unknownOs"),
  });
}
