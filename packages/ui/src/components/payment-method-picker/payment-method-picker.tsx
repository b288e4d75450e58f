"use client";

import { cva } from "class-variance-authority";
import { ChevronRight, Info } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn.js";

export interface PaymentMethod {
  /** Identifies the method in `onSelect`, e.g. "ru-card", "foreign-card", "crypto". */
  id: string;
  /** The method's name, e.g. "Cryptocurrency". */
  label: React.ReactNode;
  /** A second line, e.g. "USDT, USDC, DAI and more". */
  description?: React.ReactNode;
  /** A decorative icon (lucide), hidden from assistive technology. */
  icon?: React.ReactNode;
  /** Not available: the button is disabled (not focusable, not clickable). Give a `disabledReason`. */
  disabled?: boolean;
  /** Why it is unavailable, e.g. "Coming soon"; shown on the tile and read as the button's description. */
  disabledReason?: React.ReactNode;
}

export const paymentMethodVariants = cva(
  [
    "group/method flex h-full w-full items-center gap-4 rounded-xl border p-4 text-start",
    "transition-[border-color,background-color,box-shadow] duration-150",
    "outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus",
  ],
  {
    variants: {
      state: {
        enabled:
          "cursor-pointer border-border-strong/40 bg-surface shadow-card hover:border-primary hover:bg-primary-subtle/50 active:bg-primary-subtle",
        disabled: "cursor-not-allowed border-border border-dashed bg-surface-muted",
      },
    },
    defaultVariants: { state: "enabled" },
  },
);

export interface PaymentMethodPickerProps extends Omit<React.ComponentProps<"fieldset">, "onSelect"> {
  /** The group's visible label, e.g. "Payment method". */
  label: React.ReactNode;
  /** Shows the label only to assistive technology (when a heading above already says it). */
  hideLabel?: boolean;
  /** The methods in display order (docs/product.md §1.4: Russian card, foreign card, cryptocurrency). */
  methods: PaymentMethod[];
  /** Called with the method's id when an available method is chosen. */
  onSelect: (id: string) => void;
}

/**
 * The payment screen's method step (docs/product.md §2.9: three methods, only cryptocurrency clickable). Each
 * method is a button that moves the payment on; unavailable ones are truly disabled and say why.
 */
export function PaymentMethodPicker({
  label,
  hideLabel = false,
  methods,
  onSelect,
  className,
  ...props
}: PaymentMethodPickerProps) {
  const id = React.useId();
  return (
    <fieldset data-slot="payment-method-picker" className={cn("m-0 min-w-0 border-0 p-0", className)} {...props}>
      <legend className={cn("mb-3 p-0 font-semibold text-base text-text", hideLabel && "sr-only")}>{label}</legend>
      {/* Columns follow the space the picker gets (next to a summary it is narrower than the page). */}
      <div className="@container">
        <ul className="grid gap-3 @2xl:grid-cols-3">
          {methods.map((method) => {
            const base = `${id}-${method.id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
            const disabled = method.disabled === true;
            const describedBy = [
              method.description ? `${base}-description` : null,
              disabled && method.disabledReason ? `${base}-reason` : null,
            ]
              .filter(Boolean)
              .join(" ");
            return (
              <li key={method.id}>
                <button
                  type="button"
                  data-slot="payment-method"
                  data-disabled={disabled || undefined}
                  disabled={disabled}
                  // The name is the label alone; description and reason are read after it.
                  aria-labelledby={`${base}-label`}
                  aria-describedby={describedBy || undefined}
                  onClick={() => onSelect(method.id)}
                  className={paymentMethodVariants({ state: disabled ? "disabled" : "enabled" })}
                >
                  {method.icon ? (
                    <span
                      aria-hidden="true"
                      className={cn(
                        "flex size-11 shrink-0 items-center justify-center rounded-lg [&_svg]:size-5",
                        disabled ? "bg-surface text-text-muted" : "bg-primary-subtle text-primary-subtle-foreground",
                      )}
                    >
                      {method.icon}
                    </span>
                  ) : null}
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span
                      id={`${base}-label`}
                      className={cn("font-semibold", disabled ? "text-text-muted" : "text-text")}
                    >
                      {method.label}
                    </span>
                    {method.description ? (
                      <span id={`${base}-description`} className="text-sm text-text-muted">
                        {method.description}
                      </span>
                    ) : null}
                    {disabled && method.disabledReason ? (
                      <span
                        id={`${base}-reason`}
                        className="mt-1 inline-flex items-center gap-1.5 font-medium text-text-muted text-xs"
                      >
                        <Info aria-hidden="true" className="size-3.5 shrink-0" />
                        {method.disabledReason}
                      </span>
                    ) : null}
                  </span>
                  {disabled ? null : (
                    <ChevronRight
                      aria-hidden="true"
                      className="size-5 shrink-0 text-text-muted transition-transform group-hover/method:translate-x-0.5 group-hover/method:text-primary"
                    />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </fieldset>
  );
}
