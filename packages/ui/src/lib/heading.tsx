import type * as React from "react";

/** Heading levels a component may render; the page decides, since only it knows the outline. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface HeadingProps extends React.ComponentProps<"h2"> {
  /** Which `<hN>` to render. */
  level: HeadingLevel;
}

/**
 * A real heading element of the given level. Components whose title must appear in the page's
 * heading outline (Card, EmptyState, PlanCard) render through this instead of a styled `div`.
 */
export function Heading({ level, ...props }: HeadingProps) {
  const Tag = `h${level}` as const;
  return <Tag {...props} />;
}
