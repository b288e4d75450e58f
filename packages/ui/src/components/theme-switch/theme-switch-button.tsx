import { ChevronDown, Monitor, Moon, Sun } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn.js";
import { languageSwitchTriggerVariants } from "../language-switch/language-switch-button.js";

// The button of ThemeSwitch, in a module without Radix (like LanguageSwitchButton): an app can show
// it before the menu's code has loaded.

/** The colour themes the switch offers: follow the system, or pin one palette. */
export type ThemeValue = "system" | "light" | "dark";

/** The names of the choices, in the interface's language (no built-in text). */
export type ThemeLabels = Record<ThemeValue, string>;

/** The icon of each choice: a screen for the system setting, a sun, a moon. */
export const THEME_ICONS: Record<ThemeValue, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

export interface ThemeSwitchButtonProps extends Omit<React.ComponentProps<"button">, "value"> {
  /** What the control is, read before the current choice ("Theme: Dark"). */
  label: string;
  /** The current choice. */
  value: ThemeValue;
  /** The names of the choices. */
  labels: ThemeLabels;
  /** @defaultValue "ghost" */
  variant?: "ghost" | "outline";
  /** @defaultValue "md" */
  size?: "sm" | "md";
}

/**
 * The trigger of `ThemeSwitch` on its own: the current choice's icon, its name for screen readers
 * ("Theme: Dark") and a chevron. Same look as the language switch's button, which it sits next to.
 */
export function ThemeSwitchButton({
  label,
  value,
  labels,
  variant,
  size,
  className,
  type = "button",
  ...props
}: ThemeSwitchButtonProps) {
  const Icon = THEME_ICONS[value];
  return (
    <button
      type={type}
      data-slot="theme-switch-trigger"
      data-variant={variant ?? "ghost"}
      data-size={size ?? "md"}
      data-value={value}
      className={cn(languageSwitchTriggerVariants({ variant, size }), className)}
      {...props}
    >
      <Icon aria-hidden="true" className="size-4 text-text" />
      <span className="sr-only">
        {label}: {labels[value]}
      </span>
      <ChevronDown
        aria-hidden="true"
        className="size-4 text-text-muted transition-transform duration-150 group-data-[state=open]:rotate-180"
      />
    </button>
  );
}
