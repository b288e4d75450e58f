import { CURRENCY } from "@veil/contracts";
import { useCallback } from "react";
import { useIntl } from "react-intl";

/** Formats a dollar amount for the current language: "$45" in English, "45 $" in Russian. */
export function useFormatPrice(): (amount: number) => string {
  const intl = useIntl();
  return useCallback(
    (amount: number) =>
      intl.formatNumber(amount, {
        style: "currency",
        currency: CURRENCY,
        // Whole prices read better without ".00"; cents still show when present.
        minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
        maximumFractionDigits: 2,
      }),
    [intl],
  );
}
