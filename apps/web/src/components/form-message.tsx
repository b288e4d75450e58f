import { Alert } from "@veil/ui";

export interface FormMessageValue {
  tone: "success" | "error";
  text: string;
}

/**
 * The outcome line of a form, as a @veil/ui Alert: errors are assertive (role="alert"), success
 * and notices polite (role="status").
 */
export function FormMessage({ message, className }: { message: FormMessageValue | null; className?: string }) {
  if (!message) return null;
  return message.tone === "error" ? (
    <Alert variant="danger" live="assertive" className={className}>
      {message.text}
    </Alert>
  ) : (
    <Alert variant="success" live="polite" className={className}>
      {message.text}
    </Alert>
  );
}
