import { useEffect, useState } from "react";

type Listener = (message: string) => void;
let listener: Listener | null = null;

/** Reads `message` out in the polite live region (one region for the whole app). */
export function announce(message: string): void {
  listener?.(message);
}

/**
 * A visually hidden polite live region. After client-side navigation the new page's title is
 * announced here, in addition to focus moving to its heading, because some screen readers do
 * not read a programmatically focused heading.
 */
export function RouteAnnouncer() {
  const [message, setMessage] = useState("");
  useEffect(() => {
    listener = (next) => {
      // Clearing first makes a repeated, identical message be read again.
      setMessage("");
      window.setTimeout(() => setMessage(next), 50);
    };
    return () => {
      listener = null;
    };
  }, []);
  return (
    <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
