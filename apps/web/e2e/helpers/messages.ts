/** The app's own catalogues (src/i18n/*.json), so e2e checks read the text users are shown. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type Lang = "en" | "ru";
export const LANGS: readonly Lang[] = ["en", "ru"];

const catalogues = Object.fromEntries(
  (["en", "ru"] as const).map((lang) => [
    lang,
    JSON.parse(
      readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), `../../src/i18n/${lang}.json`), "utf8"),
    ) as Record<string, string>,
  ]),
) as Record<Lang, Record<string, string>>;

/** The app's own text for `key` in `lang` (ICU placeholders filled from `values`). */
export function msg(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const text = catalogues[lang][key];
  if (text === undefined) throw new Error(`no message ${key} in ${lang}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}
