import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { paymentDate } from "./payments-page.js";

// On a phone the payment history's date shares its line with the status badge (PaymentsTable):
// it may wrap inside the date, never inside the time or between a year and its "г.".
describe("a payment's date in the history", () => {
  it.each([
    ["en", ["Mar", "1,", "2026,", "4:45 PM"]],
    ["ru", ["1", "мар.", "2026 г.,", "16:45"]],
  ])("%s: reads whole, and breaks only where the date allows it", (locale, words) => {
    const text = paymentDate(createIntl({ locale, timeZone: "UTC" }), "2026-03-01T16:45:00Z");
    // Normal spaces only where a line may break; the rest are no-break spaces.
    expect(text.split(" ")).toEqual(words.map((word) => word.replace(/ /g, "\u00a0")));
  });
});
