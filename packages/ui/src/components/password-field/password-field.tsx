"use client";

import { useControllableState } from "@radix-ui/react-use-controllable-state";
import { cva } from "class-variance-authority";
import { Eye, EyeOff } from "lucide-react";
import * as React from "react";
import { TextField, type TextFieldProps } from "../text-field/text-field.js";

/** The show/hide toggle inside the field's trailing edge. */
export const passwordToggleVariants = cva([
  "inline-flex size-9 cursor-pointer items-center justify-center rounded-sm text-text-muted",
  "transition-colors hover:bg-surface-muted hover:text-text",
  "outline-offset-0 focus-visible:outline-2 focus-visible:outline-focus",
  "disabled:cursor-not-allowed disabled:opacity-50",
  "[&_svg]:size-5 [&_svg]:shrink-0",
]);

export interface PasswordFieldProps extends Omit<TextFieldProps, "type" | "endAdornment"> {
  /** Accessible name of the toggle while the password is hidden, e.g. "Show password". */
  showPasswordLabel: string;
  /** Accessible name of the toggle while the password is visible, e.g. "Hide password". */
  hidePasswordLabel: string;
  /**
   * Start with the password visible (uncontrolled).
   * @defaultValue false
   */
  defaultVisible?: boolean;
  /** Whether the password is visible (controlled). */
  visible?: boolean;
  /** Called with the new visibility when the toggle is pressed. */
  onVisibleChange?: (visible: boolean) => void;
  /**
   * `"current-password"` for log-in, `"new-password"` for sign-up and reset, so password managers
   * fill or suggest correctly.
   * @defaultValue "current-password"
   */
  autoComplete?: "current-password" | "new-password";
}

/**
 * A password field with a show/hide toggle. The toggle's accessible name says what pressing it
 * will do ("Show password" / "Hide password") and changes with the state; it deliberately has no
 * `aria-pressed`, which would make screen readers say "Hide password, pressed" (a contradiction).
 */
export function PasswordField({
  showPasswordLabel,
  hidePasswordLabel,
  defaultVisible = false,
  visible: visibleProp,
  onVisibleChange,
  autoComplete = "current-password",
  id,
  disabled,
  ...props
}: PasswordFieldProps) {
  const generatedId = React.useId();
  const inputId = id ?? `${generatedId}-password`;
  const [visible, setVisible] = useControllableState({
    prop: visibleProp,
    defaultProp: defaultVisible,
    caller: "PasswordField",
    onChange: onVisibleChange,
  });

  return (
    <TextField
      {...props}
      id={inputId}
      disabled={disabled}
      type={visible ? "text" : "password"}
      autoComplete={autoComplete}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      endAdornment={
        <button
          type="button"
          data-slot="password-toggle"
          className={passwordToggleVariants()}
          aria-label={visible ? hidePasswordLabel : showPasswordLabel}
          aria-controls={inputId}
          disabled={disabled}
          onClick={() => setVisible(!visible)}
        >
          {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </button>
      }
    />
  );
}
