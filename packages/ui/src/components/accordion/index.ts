export {
  Accordion,
  AccordionContent,
  AccordionItem,
  type AccordionItemProps,
  type AccordionProps,
  AccordionTrigger,
  accordionTriggerVariants,
  accordionVariants,
  type UseHashItemOptions,
  useHashItem,
} from "./accordion.js";
