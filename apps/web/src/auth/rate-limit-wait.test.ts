import { describe, expect, it, vi } from "vitest";
import { noteRetryAfter, rateLimitMessage, rateLimitWait } from "./rate-limit-wait.js";

describe("the wait a 429 from the auth server asks for", () => {
  it("takes the Retry-After header of that reply, in seconds under a minute", async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response("{}", { status: 429, headers: { "Retry-After": "29" } }),
    );
    await noteRetryAfter(fetchImpl)("https://x.test/auth/v1/otp", {});
    const error = { status: 429, code: "over_email_send_rate_limit", message: "anything" };
    expect(rateLimitWait(error)).toBe(29);
    expect(rateLimitMessage(error)).toEqual({ key: "common.rateLimitWait", values: { seconds: 29 } });
  });

  it("never reads a number out of the English message (a reply without Retry-After gives none)", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response("{}", { status: 429 }));
    await noteRetryAfter(fetchImpl)("https://x.test/auth/v1/otp", {});
    const error = {
      status: 429,
      code: "over_email_send_rate_limit",
      message: "For security purposes, you can only request this after 29 seconds.",
    };
    expect(rateLimitWait(error)).toBeNull();
    expect(rateLimitMessage(error)).toBeNull();
  });

  it("falls back to the Retry-After header of that reply, shown in minutes past a minute", async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response("{}", { status: 429, headers: { "Retry-After": "3300" } }),
    );
    await noteRetryAfter(fetchImpl)("https://x.test/auth/v1/recover", {});
    const error = { status: 429, code: "over_email_send_rate_limit", message: "email rate limit exceeded" };
    expect(rateLimitWait(error)).toBe(3300);
    expect(rateLimitMessage(error)).toEqual({ key: "common.rateLimitWaitMinutes", values: { minutes: 55 } });
    // A header noted long ago says nothing about a later error.
    expect(rateLimitWait(error, Date.now() + 60_000)).toBeNull();
  });

  it("says nothing for other errors", () => {
    expect(rateLimitMessage({ status: 400, message: "after 3 seconds" })).toBeNull();
    expect(rateLimitMessage(null)).toBeNull();
  });
});
