"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn.js";

/** The dialog's open state: `open`/`defaultOpen`/`onOpenChange`. Modal by default. */
export function DialogRoot(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

/** Opens the dialog; use `asChild` to make a Button (or link-styled button) the trigger. */
export function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

/** Closes the dialog; use `asChild` with a Button. */
export function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export const dialogContentVariants = cva(
  [
    "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-5",
    "max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain",
    "rounded-xl border border-border bg-surface p-6 text-text shadow-raised",
    "outline-hidden motion-safe:transition-[opacity,scale] motion-safe:duration-200 starting:scale-95 starting:opacity-0",
  ],
  {
    variants: {
      size: {
        sm: "max-w-sm",
        md: "max-w-md",
        lg: "max-w-lg",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export interface DialogContentProps
  extends React.ComponentProps<typeof DialogPrimitive.Content>,
    VariantProps<typeof dialogContentVariants> {
  /**
   * Accessible name of a corner close button (e.g. "Close"). Without it no corner button is drawn:
   * the footer's actions (with a DialogClose) are the way out, plus Escape.
   */
  closeLabel?: string;
  /** Portal target; the document body by default. */
  container?: HTMLElement | null;
}

/**
 * The dialog panel. Always renders the Overlay with it: Radix locks page scrolling (wheel, touch,
 * keys) from inside the Overlay through react-remove-scroll, so a Content without its Overlay
 * would leave the page scrollable behind the dialog. Locks are counted, so with stacked dialogs
 * the page unlocks only when the last one closes. Must contain a DialogTitle.
 */
export function DialogContent({
  className,
  size,
  closeLabel,
  container,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  // Radix gives focus back to a DialogTrigger on close; a dialog opened from app state (a plan
  // button, a failed payment) has none, and focus fell to <body>. So remember what had focus when
  // the dialog opened and return there, when it is still on the page.
  const opener = React.useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal container={container}>
      <DialogPrimitive.Overlay
        data-slot="dialog-overlay"
        className="fixed inset-0 z-50 bg-overlay motion-safe:transition-opacity motion-safe:duration-200 starting:opacity-0"
      />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        data-size={size ?? "md"}
        className={cn(dialogContentVariants({ size }), className)}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = opener.current;
          opener.current = null;
          if (event.defaultPrevented || !target?.isConnected || target === document.body) return;
          event.preventDefault();
          target.focus({ preventScroll: true });
        }}
        {...props}
      >
        {children}
        {closeLabel ? (
          <DialogPrimitive.Close
            data-slot="dialog-corner-close"
            aria-label={closeLabel}
            className={cn(
              "absolute top-3 right-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-text-muted",
              "transition-colors hover:bg-surface-muted hover:text-text",
              "outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus",
            )}
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** Title and description block at the top of the panel; an optional icon sits beside them. */
export function DialogHeader({
  icon,
  tone = "primary",
  className,
  children,
  ...props
}: React.ComponentProps<"div"> & {
  /** A decorative icon (e.g. lucide `CircleAlert`) in a tinted circle; pass `aria-hidden` on it. */
  icon?: React.ReactNode;
  /**
   * Colour of the icon circle: `danger` for errors.
   * @defaultValue "primary"
   */
  tone?: "primary" | "danger";
}) {
  return (
    <div data-slot="dialog-header" className={cn("flex items-start gap-4 pe-8", className)} {...props}>
      {icon ? (
        <div
          data-tone={tone}
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-subtle text-primary-subtle-foreground [&_svg]:size-5 data-[tone=danger]:bg-danger-surface data-[tone=danger]:text-danger"
        >
          {icon}
        </div>
      ) : null}
      <div className="grid gap-1.5">{children}</div>
    </div>
  );
}

/** The dialog's accessible name (an `h2`). Every dialog needs one. */
export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn("font-semibold text-lg text-text leading-7", className)}
      {...props}
    />
  );
}

/** The message; becomes the dialog's accessible description. */
export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn("text-sm text-text-muted leading-6", className)}
      {...props}
    />
  );
}

/** The actions row: stacked full-width on phones (primary on top), right-aligned from `sm`. */
export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end [&>*]:w-full sm:[&>*]:w-auto", className)}
      {...props}
    />
  );
}
