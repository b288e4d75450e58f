import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@veil/ui";
import { type ReactNode, useId } from "react";

/**
 * One section of the Security screen (docs/product.md §11.5): a card that is a labelled `<section>`
 * with an h2 title, an optional description and its content. Every section of the screen (sessions,
 * two-factor sign-in) is a component of its own built on this, so the page only lists them.
 */
export function SecurityCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card asChild>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <CardTitle headingLevel={2} id={headingId}>
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}
