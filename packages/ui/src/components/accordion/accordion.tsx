"use client";

import * as AccordionPrimitive from "@radix-ui/react-accordion";
import { useControllableState } from "@radix-ui/react-use-controllable-state";
import { cva, type VariantProps } from "class-variance-authority";
import { ChevronDown } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn.js";

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

/** What the parts below need from their Accordion and item that Radix does not carry. */
interface AccordionContextValue {
  headingLevel: HeadingLevel;
  variant: "card" | "plain";
  open: string[];
  /** Opens an item (a find-in-page match inside its closed panel). */
  openItem: (value: string) => void;
}
const AccordionStyleContext = React.createContext<AccordionContextValue | null>(null);
interface ItemContextValue {
  level: HeadingLevel;
  value: string;
  triggerId: string;
  contentId: string;
}
const ItemContext = React.createContext<ItemContextValue | null>(null);

function useAccordionStyle(part: string) {
  const context = React.useContext(AccordionStyleContext);
  if (!context) throw new Error(`<${part}> must be inside <Accordion>.`);
  return context;
}

export interface AccordionProps
  extends Omit<React.ComponentProps<"div">, "defaultValue" | "onChange" | "dir">,
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
 * Disclosure list for the FAQ on Radix Accordion: each item is a heading holding a button
 * (`aria-expanded`, `aria-controls`) and a region labelled by that button. Built on buttons rather
 * than `<details>`, because a `<summary>` cannot be inside a heading (and a heading inside a summary
 * loses its button semantics in some screen readers).
 */
export function Accordion({
  value,
  defaultValue,
  onValueChange,
  multiple = true,
  headingLevel = 3,
  variant,
  className,
  children,
  ...props
}: AccordionProps) {
  // The open items live here, not only in Radix: each panel is ours (see AccordionContent).
  const [open = [], setOpen] = useControllableState<string[]>({
    prop: value,
    defaultProp: defaultValue ?? [],
    onChange: onValueChange,
  });
  const openItem = React.useCallback(
    (item: string) => setOpen((prev = []) => (prev.includes(item) ? prev : multiple ? [...prev, item] : [item])),
    [multiple, setOpen],
  );
  const style = React.useMemo(
    () => ({ headingLevel, variant: variant ?? "card", open, openItem }),
    [headingLevel, variant, open, openItem],
  );
  const shared = {
    "data-slot": "accordion",
    "data-variant": variant ?? "card",
    className: cn(accordionVariants({ variant }), className),
    ...props,
  };
  // Radix has one value type per mode; ours is always a list, so single mode maps [] <-> "".
  const root = multiple ? (
    <AccordionPrimitive.Root type="multiple" value={open} onValueChange={setOpen} {...shared}>
      {children}
    </AccordionPrimitive.Root>
  ) : (
    <AccordionPrimitive.Root
      type="single"
      collapsible
      value={open[0] ?? ""}
      onValueChange={(next: string) => setOpen(next ? [next] : [])}
      {...shared}
    >
      {children}
    </AccordionPrimitive.Root>
  );
  return <AccordionStyleContext.Provider value={style}>{root}</AccordionStyleContext.Provider>;
}

export interface AccordionItemProps extends Omit<React.ComponentProps<"div">, "dir"> {
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
  const accordion = useAccordionStyle("AccordionItem");
  const uid = React.useId();
  const item = React.useMemo(
    () => ({
      level: headingLevel ?? accordion.headingLevel,
      value,
      triggerId: `${uid}-trigger`,
      contentId: `${uid}-content`,
    }),
    [headingLevel, accordion.headingLevel, value, uid],
  );
  return (
    <ItemContext.Provider value={item}>
      <AccordionPrimitive.Item
        value={value}
        id={id ?? value}
        data-slot="accordion-item"
        data-value={value}
        // Clears a sticky header when scrolled to by hash.
        className={cn("group/accordion-item scroll-mt-24", className)}
        {...props}
      >
        {children}
      </AccordionPrimitive.Item>
    </ItemContext.Provider>
  );
}

function useItem(part: string) {
  const item = React.useContext(ItemContext);
  if (!item) throw new Error(`<${part}> must be inside <AccordionItem>.`);
  return item;
}

export const accordionTriggerVariants = cva([
  "flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-start",
  "font-semibold text-base text-text transition-colors hover:bg-surface-muted",
  "outline-offset-[-2px] focus-visible:outline-2 focus-visible:outline-focus",
  "group-first/accordion-item:rounded-t-2xl group-last/accordion-item:group-data-[state=closed]/accordion-item:rounded-b-2xl",
]);

/** The item's button, wrapped in a heading of the accordion's level. */
export function AccordionTrigger({ className, children, ...props }: React.ComponentProps<"button">) {
  const accordion = useAccordionStyle("AccordionTrigger");
  const item = useItem("AccordionTrigger");
  const Heading = `h${item.level}` as const;
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className="m-0">
        <AccordionPrimitive.Trigger
          data-slot="accordion-trigger"
          // Ours, not Radix's: the panel they point at is AccordionContent's own element.
          id={item.triggerId}
          aria-controls={item.contentId}
          className={cn(
            accordionTriggerVariants(),
            accordion.variant === "plain" && "rounded-none px-1 hover:bg-transparent hover:underline",
            className,
          )}
          {...props}
        >
          <span>{children}</span>
          <ChevronDown
            aria-hidden="true"
            className="size-5 shrink-0 text-text-muted motion-safe:transition-transform motion-safe:duration-200 group-data-[state=open]/accordion-item:rotate-180"
          />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
}

/**
 * The answer: a region labelled by its button, hidden while closed. Our own element rather than
 * Radix's Content, which empties a closed panel: here the answer is always in the page (prerendered
 * HTML, find in page), and a closed one is `hidden="until-found"`, so the browser's find opens it.
 */
export function AccordionContent({ className, children, ...props }: Omit<React.ComponentProps<"div">, "dir">) {
  const accordion = useAccordionStyle("AccordionContent");
  const item = useItem("AccordionContent");
  const open = accordion.open.includes(item.value);
  const ref = React.useRef<HTMLDivElement>(null);
  const { openItem } = accordion;
  // React writes `hidden` only as a boolean; "until-found" is set here after each close.
  React.useLayoutEffect(() => {
    const panel = ref.current;
    if (!panel || open) return;
    panel.setAttribute("hidden", "until-found");
    const reveal = () => openItem(item.value);
    panel.addEventListener("beforematch", reveal);
    return () => panel.removeEventListener("beforematch", reveal);
  }, [open, openItem, item.value]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a div, so that role={undefined} (README) turns the landmark off; a named <section> would stay one
    <div
      ref={ref}
      role="region"
      id={item.contentId}
      aria-labelledby={item.triggerId}
      hidden={!open}
      data-slot="accordion-content"
      data-state={open ? "open" : "closed"}
      data-orientation="vertical"
      className={className}
      {...props}
    >
      {/* Padding inside: a hidden="until-found" panel still draws its own box. */}
      <div className={cn("px-5 pb-5 text-text-muted leading-7", accordion.variant === "plain" && "px-1")}>
        {children}
      </div>
    </div>
  );
}
