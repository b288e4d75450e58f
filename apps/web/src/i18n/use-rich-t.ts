import { type ReactNode, useCallback } from "react";
import { useIntl } from "react-intl";
import type { MessageKey } from "./catalogues.js";

type RichValues = Record<string, ReactNode>;

/** Like useT, but values may be elements (a mailto link inside a sentence). */
export function useRichT(): (key: MessageKey, values?: RichValues) => ReactNode {
  const intl = useIntl();
  return useCallback(
    (key, values) => intl.formatMessage({ id: key }, values as Record<string, string>) as ReactNode,
    [intl],
  );
}
