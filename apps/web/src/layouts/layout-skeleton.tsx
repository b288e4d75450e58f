import { Skeleton, Spinner } from "@veil/ui";
import { useT } from "../i18n/use-t.js";

/**
 * What the main area shows while a screen's code loads on demand (Suspense fallback of the
 * layouts): a heading and a few lines of placeholder, and one polite "Loading" for assistive
 * technology, instead of an empty area that the screen then fills.
 */
export function PageSkeleton() {
  const t = useT();
  return (
    <div aria-busy="true" className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-4 py-12 sm:px-6 md:py-16">
      <Spinner label={t("common.loading")} className="sr-only" />
      <Skeleton shape="heading" className="w-2/3" />
      <Skeleton className="mt-4 w-full" />
      <Skeleton className="w-5/6" />
      <Skeleton shape="block" className="mt-6 h-40 w-full" />
    </div>
  );
}
