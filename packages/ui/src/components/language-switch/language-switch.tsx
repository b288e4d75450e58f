"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { VariantProps } from "class-variance-authority";
import { Check } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn.js";
import {
  type LanguageOption,
  LanguageSwitchButton,
  type LanguageSwitchButtonProps,
  type languageSwitchTriggerVariants,
} from "./language-switch-button.js";

export type { LanguageOption };

export interface LanguageSwitchProps
  extends Omit<React.ComponentProps<"button">, "value" | "defaultValue" | "onChange">,
    VariantProps<typeof languageSwitchTriggerVariants>,
    Pick<LanguageSwitchButtonProps, "iconOnly"> {
  /** The languages to offer, in menu order. */
  languages: readonly LanguageOption[];
  /** The current language's `value`. */
  value: string;
  /** Called with the chosen language's `value`. */
  onValueChange: (value: string) => void;
  /**
   * What the control is, read before the current language ("Language" → "Language: English"). The
   * visible text stays the language name, which is part of the accessible name (WCAG 2.5.3).
   */
  label: string;
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
 * A language picker: a button showing the current language that opens a menu of radio items
 * (Radix DropdownMenu + RadioGroup). Each language name carries its own `lang`.
 */
export function LanguageSwitch({
  languages,
  value,
  onValueChange,
  label,
  align = "end",
  open,
  defaultOpen,
  onOpenChange,
  variant,
  size,
  className,
  ...props
}: LanguageSwitchProps) {
  const current = languages.find((language) => language.value === value) ?? languages[0];

  return (
    // Non-modal: a two-item menu does not need to hide the page from screen readers or lock scroll.
    <DropdownMenu.Root modal={false} open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <LanguageSwitchButton
          label={label}
          language={current}
          variant={variant}
          size={size}
          className={className}
          {...props}
        />
      </DropdownMenu.Trigger>
      {/* Not portalled: the menu stays next to its button in the DOM, so it sits inside the same
          landmark (banner, nav) and follows the button in reading order. */}
      <DropdownMenu.Content
        data-slot="language-switch-content"
        align={align}
        sideOffset={8}
        className={cn("z-50 min-w-44 rounded-lg border border-border bg-surface p-1 text-text shadow-raised")}
      >
        <DropdownMenu.RadioGroup value={current?.value} onValueChange={onValueChange}>
          {languages.map((language) => (
            <DropdownMenu.RadioItem
              key={language.value}
              value={language.value}
              lang={language.lang}
              data-slot="language-switch-item"
              className={cn(
                "relative flex min-h-10 cursor-pointer select-none items-center gap-2 rounded-md py-2 pr-3 pl-9 text-sm outline-hidden",
                "data-highlighted:bg-surface-muted data-[state=checked]:font-semibold data-[state=checked]:text-primary",
              )}
            >
              <DropdownMenu.ItemIndicator className="absolute left-3 inline-flex">
                <Check aria-hidden="true" className="size-4" />
              </DropdownMenu.ItemIndicator>
              {language.label}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
