"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Check } from "lucide-react";
import { cn } from "../../lib/cn.js";
import { THEME_ICONS, ThemeSwitchButton, type ThemeSwitchButtonProps, type ThemeValue } from "./theme-switch-button.js";

/** Menu order: the default first. */
const CHOICES: readonly ThemeValue[] = ["system", "light", "dark"];

export interface ThemeSwitchProps extends ThemeSwitchButtonProps {
  /** Called with the chosen theme. */
  onValueChange: (value: ThemeValue) => void;
  /**
   * Which edge of the trigger the menu lines up with.
   * @defaultValue "end"
   */
  align?: "start" | "center" | "end";
  /** Controlled open state of the menu. */
  open?: boolean;
  /**
   * Whether the menu starts open (stories, screenshots).
   * @defaultValue false
   */
  defaultOpen?: boolean;
  /** Called when the menu opens or closes. */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A colour theme picker: a button showing the current choice's icon that opens a menu of radio
 * items (System, Light, Dark; Radix DropdownMenu + RadioGroup), the same pattern as LanguageSwitch.
 * The component only reports the choice: applying it (`data-theme` on <html>) and remembering it is
 * the app's job.
 */
export function ThemeSwitch({
  value,
  labels,
  onValueChange,
  align = "end",
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: ThemeSwitchProps) {
  return (
    // Non-modal, like the language menu: three items do not need to hide the page or lock scroll.
    <DropdownMenu.Root modal={false} open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <ThemeSwitchButton value={value} labels={labels} {...props} />
      </DropdownMenu.Trigger>
      {/* Not portalled: the menu stays next to its button, inside the same landmark. */}
      <DropdownMenu.Content
        data-slot="theme-switch-content"
        align={align}
        sideOffset={8}
        className="z-50 min-w-44 rounded-lg border border-border bg-surface p-1 text-text shadow-raised"
      >
        <DropdownMenu.RadioGroup value={value} onValueChange={(next) => onValueChange(next as ThemeValue)}>
          {CHOICES.map((choice) => {
            const Icon = THEME_ICONS[choice];
            return (
              <DropdownMenu.RadioItem
                key={choice}
                value={choice}
                data-slot="theme-switch-item"
                data-value={choice}
                className={cn(
                  "relative flex min-h-10 cursor-pointer select-none items-center gap-2 rounded-md py-2 pr-3 pl-9 text-sm outline-hidden",
                  "data-highlighted:bg-surface-muted data-[state=checked]:font-semibold data-[state=checked]:text-primary",
                )}
              >
                <DropdownMenu.ItemIndicator className="absolute left-3 inline-flex">
                  <Check aria-hidden="true" className="size-4" />
                </DropdownMenu.ItemIndicator>
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {labels[choice]}
              </DropdownMenu.RadioItem>
            );
          })}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
