import { afterEach, describe, expect, it, vi } from "vitest";
import { inPageLanguage } from "./supabase-client.js";

describe("auth calls carry the page's language, so code mails come in it", () => {
  afterEach(() => {
    document.documentElement.lang = "";
  });

  it("sends the language of the page as Accept-Language, keeping the other headers", async () => {
    document.documentElement.lang = "ru";
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response("{}"));
    await inPageLanguage(fetchImpl)("https://x.test/auth/v1/signup", { headers: { apikey: "k" } });
    const headers = new Headers(fetchImpl.mock.calls[0]?.[1]?.headers);
    expect(headers.get("Accept-Language")).toBe("ru");
    expect(headers.get("apikey")).toBe("k");
  });

  it("leaves the browser's own Accept-Language when the page has no language yet", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response("{}"));
    await inPageLanguage(fetchImpl)("https://x.test/auth/v1/recover", {});
    expect(new Headers(fetchImpl.mock.calls[0]?.[1]?.headers).has("Accept-Language")).toBe(false);
  });
});
