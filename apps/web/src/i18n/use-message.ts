import { useCallback } from "react";
import { useT } from "./use-t.js";
import type { UserMessage } from "./user-message.js";

/** Turns a UserMessage (a catalogue key or server text) into the string to show. */
export function useMessageText(): (message: UserMessage) => string {
  const t = useT();
  return useCallback((message) => ("key" in message ? t(message.key, message.values) : message.text), [t]);
}
