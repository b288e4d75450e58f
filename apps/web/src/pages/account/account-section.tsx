import { Card, CardContent, CardHeader } from "@veil/ui";
import type { ReactNode } from "react";
import { PageHeading } from "../../components/page-heading.js";
import { useT } from "../../i18n/use-t.js";
import { usePageMeta } from "../../seo/use-page-meta.js";

/** One account screen: its heading (h1, focus target after navigation) and a card with the content. */
export function AccountSection({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const t = useT();
  usePageMeta({ title: t("account.meta.title", { section: title }), noIndex: true });
  return (
    <Card className={wide ? undefined : "max-w-2xl"}>
      <CardHeader>
        <PageHeading className="text-2xl font-semibold tracking-tight text-text">{title}</PageHeading>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A label/value row of a definition list. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-6">
      <dt className="text-sm text-text-muted sm:w-40">{label}</dt>
      <dd className="font-medium text-text">{children}</dd>
    </div>
  );
}
