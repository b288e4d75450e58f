import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn.js";

export const inputVariants = cva(
  [
    "w-full min-w-0 rounded-md border border-border-strong bg-surface px-3.5 text-text shadow-card",
    "placeholder:text-text-muted transition-[border-color,box-shadow] duration-150",
    "hover:border-text-muted",
    "outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus focus-visible:border-focus",
    "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-text-muted disabled:shadow-none",
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
    VariantProps<typeof inputVariants> {
  /** The visible label, also the input's accessible name. */
  label: React.ReactNode;
  /** Help shown under the label and linked with `aria-describedby`. */
  hint?: React.ReactNode;
  /**
   * The error message. When present the input gets `aria-invalid="true"` and the message is linked
   * with `aria-describedby`; the app decides when to show it (e.g. after submit).
   */
  error?: React.ReactNode;
  /**
   * Marks the field as required: `aria-required="true"` and a visual asterisk. Deliberately not the
   * native `required`, whose browser bubble is in the browser's language, not the app's.
   * @defaultValue false
   */
  required?: boolean;
  /** Classes for the outer wrapper (label, input, messages). `className` styles the input. */
  wrapperClassName?: string;
  /**
   * Content drawn inside the input's trailing edge, such as PasswordField's toggle. The input gets
   * end padding so text never runs under it.
   */
  endAdornment?: React.ReactNode;
}

/**
 * A labelled text input with hint and error. Works as a plain controlled/uncontrolled input and
 * with react-hook-form: `<TextField label="Name" {...register("name")} />` (`ref` is a normal
 * prop in React 19 and lands on the `<input>`).
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
  "aria-describedby": describedByProp,
  ...inputProps
}: TextFieldProps) {
  const generatedId = React.useId();
  const inputId = id ?? `${generatedId}-input`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== "";
  const describedBy = [hint ? hintId : null, hasError ? errorId : null, describedByProp].filter(Boolean).join(" ");

  return (
    <div data-slot="text-field" data-invalid={hasError || undefined} className={cn("grid gap-1.5", wrapperClassName)}>
      <label htmlFor={inputId} className="text-sm font-medium text-text">
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-0.5 text-danger">
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} data-slot="text-field-hint" className="text-sm text-text-muted">
          {hint}
        </p>
      ) : null}
      <div className="relative">
        <input
          id={inputId}
          data-slot="text-field-input"
          data-size={size ?? "md"}
          aria-invalid={hasError || undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy || undefined}
          className={cn(inputVariants({ size }), endAdornment ? "pe-12" : null, className)}
          {...inputProps}
        />
        {endAdornment ? <div className="absolute inset-y-0 end-0 flex items-center pe-1.5">{endAdornment}</div> : null}
      </div>
      {hasError ? (
        <p
          id={errorId}
          data-slot="text-field-error"
          className="flex items-start gap-1.5 text-sm font-medium text-danger"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
