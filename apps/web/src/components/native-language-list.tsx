import { Check } from "lucide-react";
import type { Ref } from "react";

export interface NativeLanguageListProps {
  ref?: Ref<HTMLDivElement>;
  id: string;
  languages: readonly { value: string; label: string; lang: string }[];
  current: string;
  onChoose: (value: string) => void;
}

/**
 * The language switch's list as a native popover, for the prerendered header: its button opens it
 * (`popovertarget`) before any script has run, the browser closes it on Escape or a tap outside
 * and gives focus back to the button. A choice before hydration is the start-up script's
 * (`data-language-choice`, islands/boot.ts: the app takes over in that language), after it this
 * component's. It looks like the Radix menu (language-switch.tsx), placed under its button with
 * CSS anchor positioning; a browser without it shows the list where it stands in the page.
 */
export function NativeLanguageList({ ref, id, languages, current, onChoose }: NativeLanguageListProps) {
  return (
    <div
      ref={ref}
      id={id}
      popover="auto"
      data-slot="language-switch-native-list"
      className="inset-auto z-50 m-0 mt-2 min-w-44 rounded-lg border border-border bg-surface p-1 text-text shadow-raised [position-area:bottom_span-left]"
    >
      <ul className="grid">
        {languages.map((language) => {
          const selected = language.value === current;
          return (
            <li key={language.value}>
              <button
                type="button"
                lang={language.lang}
                aria-current={selected || undefined}
                data-language-choice={language.value}
                onClick={() => onChoose(language.value)}
                className="relative flex min-h-10 w-full cursor-pointer select-none items-center gap-2 rounded-md py-2 pr-3 pl-9 text-start text-sm outline-offset-[-2px] hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:outline-2 focus-visible:outline-focus aria-[current]:font-semibold aria-[current]:text-primary"
              >
                {selected ? <Check aria-hidden="true" className="absolute left-3 size-4" /> : null}
                {language.label}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
