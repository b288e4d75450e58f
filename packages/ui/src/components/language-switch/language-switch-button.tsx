import { cva, type VariantProps } from "class-variance-authority";
import { ChevronDown, Globe } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn.js";

// The button of LanguageSwitch, in a module without Radix: an app that shows the button before the
// menu's code has loaded imports only this.

export const languageSwitchTriggerVariants = cva(
  [
    "group inline-flex shrink-0 cursor-pointer items-center gap-2 rounded-md font-medium text-text",
    "transition-colors duration-150 outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus",
    "hover:bg-surface-muted data-[state=open]:bg-surface-muted",
  ],
  {
    variants: {
      variant: {
        ghost: "",
        outline: "border border-border-strong/45 bg-surface shadow-card hover:border-border-strong/70",
      },
      size: {
        sm: "h-9 px-2.5 text-sm",
        md: "h-11 px-3 text-sm",
      },
    },
    defaultVariants: { variant: "ghost", size: "md" },
  },
);

/** One language the interface is offered in. */
export interface LanguageOption {
  /** The value reported by `onValueChange`, e.g. `"en"`. */
  value: string;
  /** The language's name in that language itself, e.g. `"Русский"`. */
  label: string;
  /** BCP 47 tag set as `lang` on the name, so screen readers pronounce it correctly, e.g. `"ru"`. */
  lang: string;
}

export interface LanguageSwitchButtonProps
  extends React.ComponentProps<"button">,
    VariantProps<typeof languageSwitchTriggerVariants> {
  /** What the control is, read before the language name (see `LanguageSwitchProps.label`). */
  label: string;
  /** The language shown on the button. */
  language: LanguageOption | undefined;
  /**
   * Show the globe alone, the language name read but not shown (it stays in the accessible name):
   * always, or below the `sm` breakpoint (640 px) only, for a header with no room for the name on
   * a phone.
   * @defaultValue false
   */
  iconOnly?: boolean | "below-sm";
}

/** The class hiding the language name on the button, per `iconOnly`. */
const ICON_ONLY: Record<"true" | "false" | "below-sm", string | undefined> = {
  true: "sr-only",
  false: undefined,
  "below-sm": "max-sm:sr-only",
};

/**
 * The button of `LanguageSwitch` on its own, without the menu: the same markup and look, so an app
 * can render it in place of the switch until the menu's code has loaded (it should then say
 * `aria-haspopup="menu"` and `aria-expanded={false}` like the real trigger).
 */
export function LanguageSwitchButton({
  label,
  language,
  variant,
  size,
  iconOnly = false,
  className,
  type = "button",
  ...props
}: LanguageSwitchButtonProps) {
  return (
    <button
      type={type}
      data-slot="language-switch-trigger"
      data-variant={variant ?? "ghost"}
      data-size={size ?? "md"}
      className={cn(languageSwitchTriggerVariants({ variant, size }), className)}
      {...props}
    >
      <Globe aria-hidden="true" className="size-4 text-text-muted" />
      <span className="sr-only">{label}: </span>
      {language ? (
        <span lang={language.lang} className={ICON_ONLY[String(iconOnly) as keyof typeof ICON_ONLY]}>
          {language.label}
        </span>
      ) : null}
      <ChevronDown
        aria-hidden="true"
        className="size-4 text-text-muted transition-transform duration-150 group-data-[state=open]:rotate-180"
      />
    </button>
  );
}
