import { cn } from "@veil/ui";
import { Fragment } from "react";

/**
 * A long value that must never widen the page (an e-mail address, docs/product.md §2.14 "Long values"): it may
 * break before each `@` and `.` (`<wbr>`, where a reader expects an address to wrap) and, when a
 * single part is still wider than the line, anywhere. The whole value stays on screen, so nothing
 * is lost to truncation, and screen readers read it as one word.
 */
export function LongText({ children, className }: { children: string; className?: string }) {
  const parts = children.split(/(?=[@.])/);
  return (
    <span className={cn("[overflow-wrap:anywhere]", className)}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
