"use client";

import * as React from "react";
import { useComposedRefs } from "../../lib/compose-refs.js";
import { TextField, type TextFieldProps } from "../text-field/text-field.js";

export type EmailFieldProps = Omit<TextFieldProps, "type">;

/**
 * Writes `value` into the input the way a user edit would, so React's `onChange` (and therefore
 * react-hook-form or any controlled owner) sees it. Setting `.value` directly would be invisible
 * to React's change tracking.
 */
function setValueAsUser(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * Trims surrounding whitespace. `type="email"` already strips ASCII whitespace from `.value`, but
 * not the no-break spaces that come along when an address is copied from a web page or a mail.
 */
function trimInput(input: HTMLInputElement) {
  const trimmed = input.value.trim();
  if (trimmed !== input.value) setValueAsUser(input, trimmed);
}

/**
 * An e-mail field: `type="email"`, e-mail keyboard and autofill, and the value trimmed (docs/product.md §5.6:
 * "E-mail inputs are trimmed") on blur, on Enter and when its form submits, before the form's own
 * submit handler (e.g. react-hook-form's `handleSubmit`) reads it.
 */
export function EmailField({ ref, onBlur, onKeyDown, ...props }: EmailFieldProps) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const composedRef = useComposedRefs(ref, inputRef);

  React.useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    // A native listener on the form runs before React's delegated onSubmit (which listens at the
    // root), so the submit handler sees the trimmed value even when the field never blurred
    // (Safari does not focus a clicked button, so clicking Submit does not blur the field).
    const onSubmit = () => {
      if (inputRef.current) trimInput(inputRef.current);
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, []);

  return (
    <TextField
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
      ref={composedRef}
      onBlur={(event) => {
        trimInput(event.currentTarget);
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        // Enter submits the form implicitly; trim first so the submit sees the clean value.
        if (event.key === "Enter") trimInput(event.currentTarget);
        onKeyDown?.(event);
      }}
    />
  );
}
