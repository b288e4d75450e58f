import { cva, type VariantProps } from "class-variance-authority";
import { ChevronDown } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn.js";
import { useControllableState } from "../../lib/use-controllable-state.js";

type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export const accordionVariants = cva("", {
  variants: {
    variant: {
      /** One bordered card, items divided by lines (the FAQ). */
      card: "divide-y divide-border rounded-2xl border border-border bg-surface shadow-card",
      /** Items divided by lines, no card. */
      plain: "divide-y divide-border border-y border-border",
    },
  },
  defaultVariants: { variant: "card" },
});

interface AccordionContextValue {
  isOpen(value: string): boolean;
  toggle(value: string): void;
  headingLevel: HeadingLevel;
  variant: "card" | "plain";
  baseId: string;
}

const AccordionContext = React.createContext<AccordionContextValue | null>(null);
const ItemContext = React.createContext<{ value: string; open: boolean; headingLevel: HeadingLevel } | null>(null);

function useAccordion(part: string) {
  const context = React.useContext(AccordionContext);
  if (!context) throw new Error(`<${part}> must be inside <Accordion>.`);
  return context;
}

function useItem(part: string) {
  const context = React.useContext(ItemContext);
  if (!context) throw new Error(`<${part}> must be inside <AccordionItem>.`);
  return context;
}

/** A DOM-safe piece of an id built from an item value. */
function idPart(value: string) {
  return value.replace(/[^A-Za-z0-9_-]/g, "_");
}

export interface AccordionProps
  extends Omit<React.ComponentProps<"div">, "defaultValue" | "onChange">,
    VariantProps<typeof accordionVariants> {
  /** Values of the open items (controlled). */
  value?: string[];
  /**
   * Values of the items open at first (uncontrolled).
   * @defaultValue []
   */
  defaultValue?: string[];
  /** Called with the values of the open items after a change. */
  onValueChange?: (value: string[]) => void;
  /**
   * Allow several items open at once; when false, opening one closes the others.
   * @defaultValue true
   */
  multiple?: boolean;
  /**
   * Level of the heading around each item's button (fits the page outline; items can override).
   * @defaultValue 3
   */
  headingLevel?: HeadingLevel;
}

/**
 * Disclosure list for the FAQ: each item is a heading holding a button (`aria-expanded`,
 * `aria-controls`) and a region labelled by that button. Built on plain buttons rather than
 * `<details>`, because a `<summary>` cannot be inside a heading (and a heading inside a summary
 * loses its button semantics in some screen readers).
 */
export function Accordion({
  value: valueProp,
  defaultValue = [],
  onValueChange,
  multiple = true,
  headingLevel = 3,
  variant,
  className,
  children,
  ...props
}: AccordionProps) {
  const [value, setValue] = useControllableState<string[]>({
    value: valueProp,
    defaultValue,
    onChange: onValueChange,
  });
  const baseId = React.useId();

  const context = React.useMemo<AccordionContextValue>(
    () => ({
      isOpen: (item) => value.includes(item),
      toggle: (item) => {
        if (value.includes(item)) setValue(value.filter((v) => v !== item));
        else setValue(multiple ? [...value, item] : [item]);
      },
      headingLevel,
      variant: variant ?? "card",
      baseId,
    }),
    [value, setValue, multiple, headingLevel, variant, baseId],
  );

  return (
    <AccordionContext.Provider value={context}>
      <div
        data-slot="accordion"
        data-variant={variant ?? "card"}
        className={cn(accordionVariants({ variant }), className)}
        {...props}
      >
        {children}
      </div>
    </AccordionContext.Provider>
  );
}

export interface AccordionItemProps extends React.ComponentProps<"div"> {
  /** Identifies the item in `value`. */
  value: string;
  /**
   * The element id, the target of a URL hash (`#q1`).
   * @defaultValue value
   */
  id?: string;
  /** Overrides the Accordion's `headingLevel` for this item. */
  headingLevel?: HeadingLevel;
}

export function AccordionItem({ value, id, headingLevel, className, children, ...props }: AccordionItemProps) {
  const accordion = useAccordion("AccordionItem");
  const open = accordion.isOpen(value);
  const item = React.useMemo(
    () => ({ value, open, headingLevel: headingLevel ?? accordion.headingLevel }),
    [value, open, headingLevel, accordion.headingLevel],
  );
  return (
    <ItemContext.Provider value={item}>
      <div
        id={id ?? value}
        data-slot="accordion-item"
        data-value={value}
        data-state={open ? "open" : "closed"}
        // Clears a sticky header when scrolled to by hash.
        className={cn("group/accordion-item scroll-mt-24", className)}
        {...props}
      >
        {children}
      </div>
    </ItemContext.Provider>
  );
}

export const accordionTriggerVariants = cva([
  "flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-start",
  "font-semibold text-base text-text transition-colors hover:bg-surface-muted",
  "outline-offset-[-2px] focus-visible:outline-2 focus-visible:outline-focus",
  "group-first/accordion-item:rounded-t-2xl group-last/accordion-item:group-data-[state=closed]/accordion-item:rounded-b-2xl",
]);

/** The item's button, wrapped in a heading of the accordion's level. */
export function AccordionTrigger({ className, children, onClick, ...props }: React.ComponentProps<"button">) {
  const accordion = useAccordion("AccordionTrigger");
  const item = useItem("AccordionTrigger");
  const Heading = `h${item.headingLevel}` as const;
  const base = `${accordion.baseId}-${idPart(item.value)}`;
  return (
    <Heading className="m-0">
      <button
        type="button"
        id={`${base}-trigger`}
        data-slot="accordion-trigger"
        data-state={item.open ? "open" : "closed"}
        aria-expanded={item.open}
        aria-controls={`${base}-panel`}
        className={cn(
          accordionTriggerVariants(),
          accordion.variant === "plain" && "rounded-none px-1 hover:bg-transparent hover:underline",
          className,
        )}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) accordion.toggle(item.value);
        }}
        {...props}
      >
        <span>{children}</span>
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-text-muted motion-safe:transition-transform motion-safe:duration-200 group-data-[state=open]/accordion-item:rotate-180"
        />
      </button>
    </Heading>
  );
}

/** The answer: a region labelled by its button, hidden while closed. */
export function AccordionContent({ className, children, ...props }: React.ComponentProps<"section">) {
  const accordion = useAccordion("AccordionContent");
  const item = useItem("AccordionContent");
  const base = `${accordion.baseId}-${idPart(item.value)}`;
  return (
    // A <section> with an accessible name is a region landmark.
    <section
      id={`${base}-panel`}
      aria-labelledby={`${base}-trigger`}
      data-slot="accordion-content"
      data-state={item.open ? "open" : "closed"}
      hidden={!item.open}
      className={cn("px-5 pb-5 text-text-muted leading-7", accordion.variant === "plain" && "px-1", className)}
      {...props}
    >
      {children}
    </section>
  );
}
