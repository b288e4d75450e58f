import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, Info, type LucideIcon, TriangleAlert } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn.js";

export const alertVariants = cva(
  "relative grid w-full grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1 rounded-lg border px-4 py-3.5 text-sm [&>svg]:size-5 [&>svg]:shrink-0",
  {
    variants: {
      variant: {
        info: "border-primary/20 bg-primary-subtle text-primary-subtle-foreground [&>svg]:text-primary",
        success: "border-success/25 bg-success-surface text-success-foreground [&>svg]:text-success",
        warning: "border-warning/30 bg-warning-surface text-warning-foreground [&>svg]:text-warning",
        danger: "border-danger/25 bg-danger-surface text-danger-foreground [&>svg]:text-danger",
      },
    },
    defaultVariants: { variant: "info" },
  },
);

type AlertVariant = NonNullable<VariantProps<typeof alertVariants>["variant"]>;

const ICONS: Record<AlertVariant, LucideIcon> = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  danger: CircleAlert,
};

/**
 * How an alert is announced:
 * - `"assertive"`: `role="alert"`, interrupts the screen reader. For errors that appear as the
 *   result of something the user just did (a failed payment, a rejected sign-in).
 * - `"polite"`: `role="status"`, read when the user is idle. For confirmations and notices.
 * - `"off"`: no live role; for messages that are part of the page from the start.
 */
export type AlertLive = "assertive" | "polite" | "off";

const ROLES: Record<AlertLive, "alert" | "status" | undefined> = {
  assertive: "alert",
  polite: "status",
  off: undefined,
};

export interface AlertProps
  extends Omit<React.ComponentProps<"div">, "title" | "role">,
    VariantProps<typeof alertVariants> {
  /** Short, bold first line. */
  title?: React.ReactNode;
  /**
   * How the alert is announced; see {@link AlertLive}.
   * @defaultValue "polite"
   */
  live?: AlertLive;
  /**
   * Replaces the variant's icon; `null` shows none.
   */
  icon?: React.ReactNode;
  /** A follow-up control under the message (e.g. "Try again"). */
  action?: React.ReactNode;
}

/** A message box for the result of an action or a notice about the page. */
export function Alert({ variant, title, live = "polite", icon, action, className, children, ...props }: AlertProps) {
  const resolved = variant ?? "info";
  const Icon = ICONS[resolved];
  const iconNode = icon === undefined ? <Icon aria-hidden="true" /> : icon;
  return (
    <div
      data-slot="alert"
      data-variant={resolved}
      role={ROLES[live]}
      className={cn(alertVariants({ variant: resolved }), iconNode === null && "grid-cols-1", className)}
      {...props}
    >
      {iconNode}
      <div className={cn("flex flex-col gap-1", iconNode === null ? "col-start-1" : "col-start-2")}>
        {title ? <p className="font-semibold leading-5">{title}</p> : null}
        {children ? <div className="leading-5 [&_a]:font-medium [&_a]:underline">{children}</div> : null}
        {action ? <div className="mt-2 flex flex-wrap gap-2">{action}</div> : null}
      </div>
    </div>
  );
}

export interface InlineErrorProps extends Omit<React.ComponentProps<"p">, "role"> {
  /**
   * Announce the error as soon as it appears (`role="alert"`). Use for errors shown after the user
   * submits; switch off when the message is only reached through a field's `aria-describedby`.
   * @defaultValue true
   */
  announce?: boolean;
}

/**
 * Red error text under a field or a form. Give it an `id` and point the field's
 * `aria-describedby` at it (with `aria-invalid` on the field). Renders nothing without children,
 * so it can stay in the tree and only speak when there is something to say.
 */
export function InlineError({ announce = true, className, children, ...props }: InlineErrorProps) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <p
      data-slot="inline-error"
      role={announce ? "alert" : undefined}
      className={cn("flex items-start gap-1.5 font-medium text-danger text-sm", className)}
      {...props}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
