import { html } from "../html.js";

/** A contact-form message as support receives it. */
export interface SupportMessage {
  name: string;
  email: string;
  message: string;
}

/** Header-safe one-liner: no line breaks or control characters can reach the subject. */
const oneLine = (value: string) =>
  value
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ")
    .trim()
    .slice(0, 80);

/**
 * User text in the plain-text part, unambiguous: the name as one quoted string (JSON, with U+2028
 * and U+2029 escaped too: a line break, quote or line separator in it shows as \n, \" or \u2028),
 * every line of the message behind "> ". So no typed line can pass for a line of ours, such as a
 * second "E-mail:" with someone else's address.
 */
const quotedName = (value: string) =>
  JSON.stringify(withoutFormatCharacters(value)).replace(
    /[\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16)}`,
  );
const quotedLines = (value: string) =>
  withoutFormatCharacters(value)
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line) => `> ${line}`)
    .join("\n");
/**
 * Bidirectional marks, embeddings and isolates would move a line's "> " or reorder what follows it
 * on screen (other format characters, such as the joiners scripts and emoji need, stay).
 */
const withoutFormatCharacters = (value: string) => value.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "");

/** The mail support receives for a contact-form message (always English: it is for the team). */
export function renderSupportMail(message: SupportMessage) {
  const text = `New message from the contact form.\n\nName: ${quotedName(message.name)}\nE-mail: ${message.email}\n\nMessage (each line quoted with "> "):\n${quotedLines(message.message)}\n`;
  const body = html`<p>New message from the contact form.</p>
<p><strong>Name:</strong> ${message.name}<br><strong>E-mail:</strong> ${message.email}</p>
<pre style="white-space:pre-wrap;font-family:inherit">${message.message}</pre>`;
  return {
    subject: `Contact form: ${oneLine(message.name)}`,
    text,
    html: body.toString(),
    template: "support-contact",
    language: "en" as const,
  };
}
