import { Card } from "@veil/ui";
import type { ReactNode } from "react";
import { PageHeading } from "../../components/page-heading.js";

/** The frame of every authentication screen: a centred card with the screen's heading. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      {/* Card laid out as a block: the screen spaces its own parts (heading, subtitle, form, footer). */}
      {/* min-w-0 and the subtitle's wrapping: a 60-character address must not widen the page (§2.14). */}
      <Card className="block w-full min-w-0 max-w-md rounded-2xl p-6 sm:p-8">
        <PageHeading className="text-2xl font-semibold tracking-tight text-text">{title}</PageHeading>
        {subtitle ? <p className="mt-2 text-sm text-text-muted [overflow-wrap:anywhere]">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 border-t border-border pt-5 text-sm text-text-muted">{footer}</div> : null}
      </Card>
    </div>
  );
}
