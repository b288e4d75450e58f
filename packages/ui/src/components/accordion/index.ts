export {
  Accordion,
  AccordionContent,
  AccordionItem,
  type AccordionItemProps,
  type AccordionProps,
  AccordionTrigger,
  accordionTriggerVariants,
  accordionVariants,
} from "./accordion.js";
