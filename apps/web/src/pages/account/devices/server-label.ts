import type { Server } from "@veil/contracts/constants";
import type { useT } from "../../../i18n/use-t.js";

type T = ReturnType<typeof useT>;

/** "Netherlands, Amsterdam" in the reader's language; the demo node is named as the demo it is. */
export function serverLabel(server: Server, t: T, locale: string): string {
  if (server.demo) return t("devices.server.demo");
  const location = t("devices.server.option", { country: countryName(server.country, locale), city: server.city });
  return server.online ? location : t("devices.server.offline", { location });
}

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    // Not a region code Intl knows: show it as it came.
    return code;
  }
}
