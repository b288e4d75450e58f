"use client";

import { cva, type VariantProps } from "class-variance-authority";
import { Check, Copy, TriangleAlert } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn.js";
import { Button, type ButtonProps } from "../button/button.js";
import { copyText } from "./copy-text.js";

export const copyButtonVariants = cva("", {
  variants: {
    state: {
      idle: "",
      copied: "text-success-foreground",
      failed: "text-danger-foreground",
    },
  },
  defaultVariants: { state: "idle" },
});

export type CopyState = NonNullable<VariantProps<typeof copyButtonVariants>["state"]>;

export interface CopyButtonProps extends Omit<ButtonProps, "children" | "onClick" | "asChild" | "value"> {
  /** The text to copy, or a function returning it (read at the moment of the click). */
  value: string | (() => string);
  /** The button's visible label and accessible name, e.g. "Copy config". It does not change on copy. */
  label: React.ReactNode;
  /** Announced (politely) and shown next to the icon after a successful copy, e.g. "Copied". */
  copiedLabel: string;
  /** Announced when copying failed, e.g. "Could not copy: select the text and copy it". */
  failedLabel: string;
  /**
   * How long the copied/failed state lasts before the button returns to idle.
   * @defaultValue 2500
   */
  resetAfterMs?: number;
  /** Called after each attempt with whether it worked. */
  onCopied?: (copied: boolean) => void;
}

/**
 * A button that copies text and says so: its icon turns into a check (or a warning), and a polite
 * live region next to it announces `copiedLabel` (or `failedLabel`) to screen readers. The button's
 * name stays the same throughout, so focus and the name the user heard do not jump.
 */
export function CopyButton({
  value,
  label,
  copiedLabel,
  failedLabel,
  resetAfterMs = 2500,
  onCopied,
  variant = "outline",
  className,
  ...props
}: CopyButtonProps) {
  const [state, setState] = React.useState<CopyState>("idle");
  // Counts attempts: the message is re-inserted on each one, so a second copy is announced again.
  const [attempt, setAttempt] = React.useState(0);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  React.useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const ok = await copyText(typeof value === "function" ? value() : value);
    setState(ok ? "copied" : "failed");
    setAttempt((n) => n + 1);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), resetAfterMs);
    onCopied?.(ok);
  }

  const Icon = state === "copied" ? Check : state === "failed" ? TriangleAlert : Copy;
  const message = state === "copied" ? copiedLabel : state === "failed" ? failedLabel : "";
  return (
    <span data-slot="copy-button" data-state={state} className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant={variant}
        className={cn(copyButtonVariants({ state }), className)}
        onClick={() => void copy()}
        {...props}
      >
        <Icon aria-hidden="true" />
        {label}
      </Button>
      <span
        role="status"
        data-slot="copy-button-status"
        className={cn("text-sm", state === "failed" ? "text-danger-foreground" : "text-success-foreground")}
      >
        {message ? <span key={attempt}>{message}</span> : null}
      </span>
    </span>
  );
}
