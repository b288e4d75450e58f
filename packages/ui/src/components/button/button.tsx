"use client";

import { Slot, Slottable } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn.js";
import { Spinner } from "../spinner/spinner.js";

export const buttonVariants = cva(
  [
    "relative inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold",
    "select-none transition-[background-color,border-color,color,box-shadow] duration-150",
    "outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus",
    "disabled:cursor-not-allowed disabled:opacity-50",
    "aria-busy:cursor-progress [&[aria-disabled=true]:not([aria-busy=true])]:cursor-not-allowed [&[aria-disabled=true]:not([aria-busy=true])]:opacity-50",
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        primary:
          "bg-primary text-primary-foreground shadow-card hover:bg-primary-hover active:bg-primary-active aria-busy:bg-primary-hover",
        secondary:
          "bg-primary-subtle text-primary-subtle-foreground hover:bg-primary-subtle-hover active:bg-primary-subtle-hover",
        outline:
          "border border-border-strong/45 bg-surface text-text shadow-card hover:border-border-strong/70 hover:bg-surface-muted active:bg-surface-muted",
        ghost: "text-text hover:bg-surface-muted active:bg-surface-muted",
        danger:
          "bg-danger text-danger-solid-foreground shadow-card hover:bg-danger-hover active:bg-danger-hover aria-busy:bg-danger-hover",
        link: "h-auto rounded-sm px-0 text-primary underline-offset-4 hover:underline",
      },
      size: {
        sm: "h-9 px-3 text-sm",
        md: "h-11 px-5 text-sm",
        lg: "h-12 px-6 text-base [&_svg:not([class*='size-'])]:size-5",
        icon: "size-11 p-0 [&_svg:not([class*='size-'])]:size-5",
      },
    },
    compoundVariants: [{ variant: "link", className: "h-auto px-0" }],
    defaultVariants: { variant: "primary", size: "md" },
  },
);

/**
 * Text-link styles for anchors (and router links) that are NOT buttons. Buttons that look like
 * links use `<Button variant="link">`; links that look like buttons use `buttonVariants()` or
 * `<Button asChild>`.
 */
export const linkVariants = cva(
  "rounded-sm underline-offset-4 outline-offset-2 transition-colors focus-visible:outline-2 focus-visible:outline-focus",
  {
    variants: {
      variant: {
        /** In running text: always underlined so it is not identified by colour alone (WCAG 1.4.1). */
        inline: "font-medium text-primary underline decoration-primary/40 hover:decoration-primary",
        /** Stand-alone links (navigation, "Forgot password?"): underline on hover. */
        standalone: "font-medium text-primary hover:text-primary-hover hover:underline",
        /** Quiet links (footer, secondary navigation). */
        muted: "text-text-muted hover:text-text hover:underline",
      },
    },
    defaultVariants: { variant: "inline" },
  },
);

export interface ButtonProps extends React.ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /**
   * Render the single child element (e.g. an `<a>` or a router `<Link>`) with the button's styles
   * and props instead of a `<button>`.
   * @defaultValue false
   */
  asChild?: boolean;
  /**
   * Shows a spinner and marks the button busy. The button keeps its label (so its accessible name
   * does not change) and stays focusable (`aria-disabled`, not `disabled`), so keyboard focus is not
   * lost when a submit starts; clicks are ignored while loading.
   * @defaultValue false
   */
  loading?: boolean;
}

/** The one button of Veil: actions, form submits, and (with `asChild`) links styled as buttons. */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  type,
  onClick,
  children,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  const resolvedVariant = variant ?? "primary";
  const resolvedSize = size ?? "md";

  // A busy button must not submit twice, and a disabled link must not navigate: aria-disabled
  // alone does not stop clicks, so they are swallowed here.
  const blocked = loading || (asChild && disabled === true);

  function handleClick(event: React.MouseEvent<HTMLButtonElement>) {
    if (blocked) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  return (
    <Comp
      data-slot="button"
      data-variant={resolvedVariant}
      data-size={resolvedSize}
      data-loading={loading || undefined}
      className={cn(buttonVariants({ variant: resolvedVariant, size: resolvedSize }), className)}
      // Native buttons default to type="submit"; being explicit avoids accidental form submits.
      type={asChild ? type : (type ?? "button")}
      disabled={asChild ? undefined : disabled}
      aria-disabled={blocked || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
      {...props}
    >
      {loading ? <Spinner size={resolvedSize === "sm" || resolvedSize === "md" ? "sm" : "md"} tone="current" /> : null}
      {/* An icon-only button shows just the spinner while busy; its name comes from aria-label. */}
      {loading && resolvedSize === "icon" && !asChild ? null : <Slottable>{children}</Slottable>}
    </Comp>
  );
}
