import { useState } from "react";
import type { UserMessage } from "../api/errors.js";
import { useMessageText } from "../i18n/use-message.js";
import type { FormMessageValue } from "./form-message.js";

/** The outcome line of an auth form: a UserMessage with a tone, turned into text on render. */
export function useSubmitMessage() {
  const text = useMessageText();
  const [message, setMessage] = useState<{ tone: FormMessageValue["tone"]; message: UserMessage } | null>(null);
  return {
    formMessage: message ? { tone: message.tone, text: text(message.message) } : null,
    showError: (m: UserMessage) => setMessage({ tone: "error", message: m }),
    showSuccess: (m: UserMessage) => setMessage({ tone: "success", message: m }),
    clear: () => setMessage(null),
    /**
     * Wraps the form's submit handler (react-hook-form's `handleSubmit(…)`) so every new submit
     * first clears the last outcome. Clearing only once validation passed left an old server
     * error next to a new validation error ("Account not registered" beside "Please enter a valid
     * email address").
     */
    clearOnSubmit:
      <E>(handler: (event?: E) => Promise<void>) =>
      (event?: E) => {
        setMessage(null);
        return handler(event);
      },
  };
}
