"use client";

import type * as React from "react";
import { cn } from "../../lib/cn.js";
import { Field, FieldError, FieldHint, FieldLabel, type LabelledFieldProps, useField } from "../field/field.js";
import { inputVariants } from "../text-field/text-field.js";

export interface TextAreaFieldProps extends Omit<React.ComponentProps<"textarea">, "children">, LabelledFieldProps {}

/**
 * A labelled multi-line input (the contact form's message) with hint and error, wired by the same
 * field layer as TextField. Works with react-hook-form: `<TextAreaField label="Message"
 * {...register("message")} />`.
 */
export function TextAreaField({
  label,
  hint,
  error,
  required = false,
  id,
  rows = 6,
  className,
  wrapperClassName,
  onChange,
  onValueChange,
  "aria-describedby": describedBy,
  ...textareaProps
}: TextAreaFieldProps) {
  const field = useField({ id, hint, error, "aria-describedby": describedBy });

  return (
    <Field invalid={field.invalid} disabled={textareaProps.disabled} className={wrapperClassName}>
      <FieldLabel htmlFor={field.controlId} required={required}>
        {label}
      </FieldLabel>
      <FieldHint id={field.hintId}>{hint}</FieldHint>
      <textarea
        {...field.controlProps}
        data-slot="text-area-field-input"
        rows={rows}
        aria-required={required || undefined}
        className={cn(inputVariants(), "h-auto min-h-24 resize-y py-2.5", className)}
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(event.currentTarget.value);
        }}
        {...textareaProps}
      />
      <FieldError id={field.errorId}>{error}</FieldError>
    </Field>
  );
}
