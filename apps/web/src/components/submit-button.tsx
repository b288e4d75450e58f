import { Button, type ButtonProps } from "@veil/ui";
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * The submit button of a form on a prerendered page. It stays disabled in the server render and
 * while the page hydrates: before its handlers are attached, Enter in a field would submit the form
 * natively, as a GET that puts what was typed (a password, on the login page) into the URL. A
 * screen the browser renders itself gets it enabled at once.
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, "type">) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return <Button type="submit" size="lg" disabled={!hydrated || disabled} {...props} />;
}
