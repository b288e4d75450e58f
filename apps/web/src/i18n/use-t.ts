import { useCallback } from "react";
import { useIntl } from "react-intl";
import type { MessageKey } from "./catalogues.js";

type Values = Record<string, string | number | Date>;

/** `t("loginScreen.invalidPassword")`: a typed shorthand for `intl.formatMessage` with plain values. */
export function useT(): (key: MessageKey, values?: Values) => string {
  const intl = useIntl();
  return useCallback((key, values) => intl.formatMessage({ id: key }, values), [intl]);
}
