import { describe, expect, it } from "vitest";
import { ApiError } from "../../../api/errors.js";
import { deviceErrorMessage } from "./device-errors.js";

describe("deviceErrorMessage", () => {
  it("tells the wait of a refused add or new key in words when the server gave one (#26 audit)", () => {
    // RATE_LIMIT_DEVICE_CHANGES_PER_HOUR answers 429 rate_limited with Retry-After.
    expect(deviceErrorMessage(new ApiError(429, "Too many", { code: "rate_limited", retryAfter: 1500 }))).toEqual({
      key: "common.rateLimitWaitMinutes",
      values: { minutes: 25 },
    });
    expect(deviceErrorMessage(new ApiError(429, "Too many", { code: "rate_limited" }))).toEqual({
      key: "apiError.rate_limited",
    });
  });

  it("keeps the device codes' own messages", () => {
    expect(deviceErrorMessage(new ApiError(409, "Limit", { code: "device_limit" }))).toEqual({
      key: "apiError.device_limit",
    });
  });
});
