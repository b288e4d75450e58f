/** The languages mail is written in. English is the fallback, as in the web app. */
export const MAIL_LANGUAGES = ["en", "ru"] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export function isMailLanguage(value: unknown): value is MailLanguage {
  return typeof value === "string" && (MAIL_LANGUAGES as readonly string[]).includes(value);
}

/** The best supported language in an Accept-Language header, honouring q-values; null when none fits. */
export function fromAcceptLanguage(header: string | null | undefined): MailLanguage | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return {
        lang: tag.trim().toLowerCase().split("-")[0] ?? "",
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.lang).find(isMailLanguage) ?? null;
}

/** The first candidate that names a supported language (explicit choices first), else English. */
export function pickLanguage(...candidates: Array<string | null | undefined>): MailLanguage {
  for (const candidate of candidates) {
    const short = candidate?.toLowerCase().split("-")[0];
    if (isMailLanguage(short)) return short;
  }
  return "en";
}
