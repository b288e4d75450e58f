/**
 * HTML escaped by construction, for every page and mail the server writes by hand (the mail
 * catalogue, the dev mailbox, the payment simulator's pay page, the support mail). Text goes in
 * through `html\`…\``, hono/html's tagged template: each interpolated string is escaped (& < > " '),
 * so it is safe in content and in quoted attribute values; only what `html` itself built (or
 * `joinHtml` joined) goes in as it is. No caller has to remember which parts are "already escaped".
 */
import { html as honoHtml, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";

/** Markup built by `html` (or joined by `joinHtml`); anything else interpolated is escaped. */
export type SafeHtml = HtmlEscapedString;

/** What may go into `html`: text (escaped), numbers, markup `html` built, lists of these; null and undefined add nothing. */
export type HtmlValue = string | number | SafeHtml | null | undefined | readonly HtmlValue[];

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  const built = honoHtml(strings, ...values);
  // Only a promise among the values makes hono's helper asynchronous, and HtmlValue has none.
  if (built instanceof Promise) throw new TypeError("html: values must not be promises");
  return built;
}

/** Markup pieces one after another, with `separator` (a line break unless told) between them. */
export function joinHtml(parts: readonly SafeHtml[], separator: "\n" | "" = "\n"): SafeHtml {
  return raw(parts.join(separator));
}
