import type * as React from "react";
import { cn } from "../lib/cn.js";

/**
 * Layout for `Matrix` stories: every visual state of a component on one canvas, each row labelled,
 * so the visual-regression screenshots stay readable and consistent across components. Story-only
 * code (not exported from the package).
 */
export function MatrixGrid({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={cn("flex flex-col gap-8", className)}>{children}</div>;
}

/** One labelled group of states. The title is a plain caption, not a heading, so it never competes with the component's own headings. */
export function MatrixRow({
  title,
  children,
  className,
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <p className="font-medium text-text-muted text-xs uppercase tracking-wider">{title}</p>
      <div className={cn("flex flex-wrap items-center gap-3", className)}>{children}</div>
    </section>
  );
}
