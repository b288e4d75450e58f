/**
 * The development mailbox: what the dev transport "sent", read back from the outbox. Mounted at
 * /dev/mailbox only when MAIL_TRANSPORT=dev (never in production: config refuses that).
 */
import { Hono } from "hono";
import type { Queryable } from "../db/index.js";
import { html, joinHtml } from "../html.js";
import { newestMail } from "./stores/outbox.js";

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers the mail carries (List-Unsubscribe …), empty for most. */
  headers: Record<string, string>;
  sentAt: string;
}

export async function listMailbox(db: Queryable, to?: string, limit = 200): Promise<MailboxMessage[]> {
  const rows = await newestMail(db, to ? to.trim().toLowerCase() : null, limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    headers: r.headers ?? {},
    sentAt: r.created_at.toISOString(),
  }));
}

export function devMailboxRoutes(db: Queryable): Hono {
  const app = new Hono();

  app.get("/messages", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listMailbox(db, c.req.query("to") || undefined));
  });

  app.get("/", async (c) => {
    const to = c.req.query("to") || undefined;
    const messages = await listMailbox(db, to);
    const items = joinHtml(
      messages.map(
        (m) => html`<article>
  <h2>${m.subject}</h2>
  <p class="meta">To <strong>${m.to}</strong> · <time datetime="${m.sentAt}">${m.sentAt}</time></p>
${joinHtml(Object.entries(m.headers).map(([name, value]) => html`  <p class="meta">${name}: <code>${value}</code></p>`))}
  <pre>${m.text}</pre>
  <details><summary>HTML version</summary><iframe sandbox title="HTML version of ${m.subject}" srcdoc="${m.html}"></iframe></details>
</article>`,
      ),
    );
    c.header("Cache-Control", "no-store");
    return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Dev mailbox · Veil</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111827}
article{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin:1rem 0}
h2{margin:0 0 .25rem;font-size:1.1rem}.meta{color:#4b5563;margin:0 0 .5rem}
pre{white-space:pre-wrap;background:#f3f4f6;padding:.75rem;border-radius:6px}
iframe{width:100%;height:28rem;border:1px solid #d1d5db}
</style></head>
<body><main>
<h1>Dev mailbox</h1>
<p>Mail the server would have sent, newest first. Development only.</p>
<form method="get"><label>Recipient <input type="email" name="to" value="${to ?? ""}"></label> <button>Filter</button></form>
${messages.length ? items : html`<p>No mail yet.</p>`}
</main></body></html>`);
  });

  return app;
}
