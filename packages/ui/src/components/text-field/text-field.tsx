"use client";

import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn.js";
import { Field, FieldError, FieldHint, FieldLabel, type LabelledFieldProps, useField } from "../field/field.js";

export const inputVariants = cva(
  [
    "w-full min-w-0 rounded-md border border-border-strong bg-surface px-3.5 text-text shadow-card",
    "placeholder:text-text-muted transition-[border-color,box-shadow] duration-150",
    "hover:border-text-muted",
    "outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus focus-visible:border-focus",
    "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-text-muted disabled:shadow-none",
    // Forced colors turn the muted colour above into the normal text colour (it outranks the base
    // style's GrayText): a disabled input looked enabled there.
    "forced-colors:disabled:border-[GrayText] forced-colors:disabled:text-[GrayText]",
    "aria-invalid:border-danger aria-invalid:focus-visible:border-danger",
  ],
  {
    variants: {
      size: {
        md: "h-11 text-base",
        lg: "h-12 text-base",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export interface TextFieldProps
  extends Omit<React.ComponentProps<"input">, "size" | "children">,
    VariantProps<typeof inputVariants>,
    LabelledFieldProps {
  /**
   * Content drawn inside the input's trailing edge, such as PasswordField's toggle. The input gets
   * end padding so text never runs under it.
   */
  endAdornment?: React.ReactNode;
}

/**
 * A labelled text input with hint and error. Works as a plain controlled/uncontrolled input and
 * with react-hook-form: `<TextField label="Name" {...register("name")} />` (`ref` is a normal
 * prop in React 19 and lands on the `<input>`). Label, hint, error and their ARIA wiring come from
 * the field layer (`../field`).
 */
export function TextField({
  label,
  hint,
  error,
  required = false,
  id,
  size,
  className,
  wrapperClassName,
  endAdornment,
  onChange,
  onValueChange,
  "aria-describedby": describedBy,
  ...inputProps
}: TextFieldProps) {
  const field = useField({ id, hint, error, "aria-describedby": describedBy });

  return (
    <Field invalid={field.invalid} disabled={inputProps.disabled} className={wrapperClassName}>
      <FieldLabel htmlFor={field.controlId} required={required}>
        {label}
      </FieldLabel>
      <FieldHint id={field.hintId}>{hint}</FieldHint>
      <div className="relative">
        <input
          {...field.controlProps}
          data-slot="text-field-input"
          data-size={size ?? "md"}
          aria-required={required || undefined}
          className={cn(inputVariants({ size }), endAdornment ? "pe-12" : null, className)}
          onChange={(event) => {
            onChange?.(event);
            onValueChange?.(event.currentTarget.value);
          }}
          {...inputProps}
        />
        {endAdornment ? <div className="absolute inset-y-0 end-0 flex items-center pe-1.5">{endAdornment}</div> : null}
      </div>
      <FieldError id={field.errorId}>{error}</FieldError>
    </Field>
  );
}
