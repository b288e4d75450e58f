import { Button, type ButtonProps } from "@veil/ui";
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * The submit button of a form on a prerendered page. Before its handlers are attached, a click or
 * Enter in a field would submit the form natively, as a GET that puts what was typed (a password,
 * on the login page) into the URL. Two guards (docs/architecture.md §1.3):
 * - it is disabled in the server render, so without any script nothing can be sent;
 * - it submits with `formmethod="dialog"`, which the browser never sends anywhere (outside a
 *   dialog such a submission does nothing but fire `submit`). So the page's start-up script
 *   (islands/boot.ts) may enable it before React owns the form, and records a submission made
 *   before then; the form's own handler, once hydrated, receives it again.
 * A screen the browser renders itself gets it enabled at once.
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, "type">) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return <Button type="submit" formMethod="dialog" size="lg" disabled={!hydrated || disabled} {...props} />;
}
