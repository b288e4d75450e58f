import {
  FAQ_ENTRY_COUNT,
  PLAN_CATALOGUE,
  type PlanPeriodKey,
  RESEND_COOLDOWN_SECONDS,
  SUPPORT_REPLY_HOURS,
} from "@veil/contracts";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@veil/ui";
import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { SupportEmailLink } from "../../components/support-email-link.js";
import type { MessageKey } from "../../i18n/catalogues.js";
import { useFormatPrice } from "../../i18n/format.js";
import { useRichT } from "../../i18n/use-rich-t.js";
import { useT } from "../../i18n/use-t.js";

const ENTRIES = Array.from({ length: FAQ_ENTRY_COUNT }, (_, i) => i + 1);

/** The entry a hash like "#q4" names, if any. */
export function entryFromHash(hash: string): number | null {
  const match = /^#q(\d+)$/.exec(hash);
  const n = match ? Number(match[1]) : Number.NaN;
  return n >= 1 && n <= FAQ_ENTRY_COUNT ? n : null;
}

/**
 * The FAQ's ten entries (docs/product.md §2.12); #q1…#q10 opens that entry. An island of the FAQ
 * page. `openAtHydration`: the entries (space-separated values) a tap opened before the island
 * hydrated (islands/native-fallbacks.ts), so hydration renders them open, as the page shows them.
 */
export function FaqAccordion({ openAtHydration }: { openAtHydration?: string }) {
  const t = useT();
  const rich = useRichT();
  const formatPrice = useFormatPrice();
  const { hash, key } = useLocation();
  // Starts as the page shows it: closed as prerendered (the server never sees the hash; the effect
  // below opens the entry right after hydration), or with what was opened before hydration.
  const [open, setOpen] = useState<string[]>(() => openAtHydration?.split(" ").filter(Boolean) ?? []);

  // A hash navigation (also to the page already shown) opens its entry; the scroll is done by
  // NavigationEffects after 100 ms, once the entry is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on every navigation (key), not only hash changes
  useEffect(() => {
    const n = entryFromHash(hash);
    if (n) setOpen((prev) => (prev.includes(`q${n}`) ? prev : [...prev, `q${n}`]));
  }, [hash, key]);

  const prices = Object.fromEntries(PLAN_CATALOGUE.map((p) => [p.periodKey, formatPrice(p.priceUsd)])) as Record<
    PlanPeriodKey,
    string
  >;
  const values = {
    email: <SupportEmailLink />,
    hours: SUPPORT_REPLY_HOURS,
    seconds: RESEND_COOLDOWN_SECONDS,
    ...prices,
  };

  return (
    <Accordion headingLevel={2} value={open} onValueChange={setOpen} className="mt-10">
      {ENTRIES.map((n) => (
        <AccordionItem key={n} value={`q${n}`}>
          <AccordionTrigger>{t(`faq.q${n}.question` as MessageKey)}</AccordionTrigger>
          <AccordionContent>
            <p className="leading-7 text-text-muted">{rich(`faq.q${n}.answer` as MessageKey, values)}</p>
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
