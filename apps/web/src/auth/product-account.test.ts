import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/errors.js";
import { accountExists, accountLookupErrorMessage } from "./product-account.js";

describe("the e-mail lookup before login, registration and recovery (docs/product.md §4, §8.2)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a blocked account (403) as loginScreen.userBlocked, never the server's English detail", () => {
    expect(accountLookupErrorMessage(new ApiError(403, "Your account has been blocked"))).toEqual({
      key: "loginScreen.userBlocked",
    });
  });

  it("keeps the generic status mapping for the other failures", () => {
    expect(accountLookupErrorMessage(new ApiError(500, "boom"))).toEqual({ key: "common.serverError" });
    expect(accountLookupErrorMessage(new ApiError(429, "Too many requests", { code: "rate_limited" }))).toEqual({
      key: "apiError.rate_limited",
    });
    expect(accountLookupErrorMessage(new TypeError("offline"))).toEqual({ key: "common.unknownError" });
  });

  it("a 403 from POST /user/web/by-email ends as loginScreen.userBlocked", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ detail: "Your account has been blocked" }, { status: 403 })),
    );
    const failure = await accountExists("blocked@example.com").catch((error: unknown) => error);
    expect(accountLookupErrorMessage(failure)).toEqual({ key: "loginScreen.userBlocked" });
  });

  it("404 means no account; 200 means one", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ detail: "Not found" }, { status: 404 })),
    );
    await expect(accountExists("nobody@example.com")).resolves.toBe(false);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ email: "a@example.com" })),
    );
    await expect(accountExists("a@example.com")).resolves.toBe(true);
  });
});
