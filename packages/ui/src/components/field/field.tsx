"use client";

import * as React from "react";
import { cn } from "../../lib/cn.js";
import { InlineError } from "../alert/alert.js";

/**
 * The one field layer of @veil/ui: every labelled control (TextField, PasswordField, EmailField,
 * TextAreaField, OtpInput) gets its ids, `aria-describedby` and `aria-invalid` from `useField` and
 * draws its label, hint and error with the `Field*` parts, so the accessibility contract in
 * README.md holds for all of them by construction.
 */

/** True when a message is worth showing (not `undefined`, `null`, `false` or `""`). */
export function hasContent(node: React.ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== "";
}

/** The props every labelled text control (TextField, TextAreaField, …) shares. */
export interface LabelledFieldProps {
  /** The visible label, also the control's accessible name. */
  label: React.ReactNode;
  /** Help shown under the label and linked with `aria-describedby`. */
  hint?: React.ReactNode;
  /**
   * The error message. When present the control gets `aria-invalid="true"` and the message is
   * linked with `aria-describedby`; the app decides when to show it (e.g. after submit).
   */
  error?: React.ReactNode;
  /**
   * Marks the field as required: `aria-required="true"` and a visual asterisk. Deliberately not the
   * native `required`, whose browser bubble is in the browser's language, not the app's.
   * @defaultValue false
   */
  required?: boolean;
  /** Classes for the outer wrapper (label, control, messages). `className` styles the control. */
  wrapperClassName?: string;
  /** Called with the control's text on every change (next to the native `onChange` event). */
  onValueChange?: (value: string) => void;
}

export interface UseFieldOptions {
  /** The control's id; one is generated when left out. */
  id?: string;
  /** Help text: when present its id joins `aria-describedby`. */
  hint?: React.ReactNode;
  /** Error text: when present the control is invalid and the error's id joins `aria-describedby`. */
  error?: React.ReactNode;
  /** Invalid without an error shown here (the app shows the message elsewhere). */
  invalid?: boolean;
  /** The caller's own `aria-describedby` ids, kept after the hint and the error. */
  "aria-describedby"?: string;
}

export interface FieldState {
  /** The control's id, for `<FieldLabel htmlFor>` and the control. */
  controlId: string;
  hintId: string;
  errorId: string;
  /** `error` has content (the error part is drawn). */
  hasError: boolean;
  /** `error` has content or `invalid` is set. */
  invalid: boolean;
  /** Spread onto the control: `id`, `aria-invalid` and `aria-describedby`. */
  controlProps: { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };
}

/** Ids and ARIA wiring of one labelled control (see the contract in README.md). */
export function useField({
  id,
  hint,
  error,
  invalid = false,
  "aria-describedby": describedByProp,
}: UseFieldOptions): FieldState {
  const generatedId = React.useId();
  const controlId = id ?? `${generatedId}-control`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = hasContent(error);
  const isInvalid = invalid || hasError;
  const describedBy = [hasContent(hint) ? hintId : null, hasError ? errorId : null, describedByProp]
    .filter(Boolean)
    .join(" ");
  return {
    controlId,
    hintId,
    errorId,
    hasError,
    invalid: isInvalid,
    controlProps: {
      id: controlId,
      "aria-invalid": isInvalid || undefined,
      "aria-describedby": describedBy || undefined,
    },
  };
}

export interface FieldProps extends React.ComponentProps<"div"> {
  /** Sets `data-invalid` for styling. */
  invalid?: boolean;
  /** Sets `data-disabled` for styling. */
  disabled?: boolean;
}

/** The wrapper: label, hint, control and error stacked with the field spacing. */
export function Field({ invalid, disabled, className, ...props }: FieldProps) {
  return (
    <div
      data-slot="field"
      data-invalid={invalid || undefined}
      data-disabled={disabled || undefined}
      className={cn("grid gap-1.5", className)}
      {...props}
    />
  );
}

export interface FieldLabelProps extends React.ComponentProps<"label"> {
  /** Draws the visual asterisk (hidden from assistive technology; the control carries `aria-required`). */
  required?: boolean;
}

/** The visible label, also the control's accessible name through `htmlFor`. */
export function FieldLabel({ required = false, className, children, ...props }: FieldLabelProps) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller passes htmlFor (the control's id from useField)
    <label data-slot="field-label" className={cn("text-sm font-medium text-text", className)} {...props}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ms-0.5 text-danger">
          *
        </span>
      ) : null}
    </label>
  );
}

/** Help under the label; renders nothing without children. */
export function FieldHint({ className, children, ...props }: React.ComponentProps<"p">) {
  if (!hasContent(children)) return null;
  return (
    <p data-slot="field-hint" className={cn("text-sm text-text-muted", className)} {...props}>
      {children}
    </p>
  );
}

/**
 * The error under the control: an `InlineError` that is not a live region (the message is read
 * through the control's `aria-describedby` when the app moves focus to the first invalid field).
 */
export function FieldError(props: Omit<React.ComponentProps<"p">, "role">) {
  return <InlineError announce={false} data-slot="field-error" {...props} />;
}
