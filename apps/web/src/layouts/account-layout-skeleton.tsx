import { Skeleton, Spinner } from "@veil/ui";
import { Logo } from "../components/logo.js";
import { useT } from "../i18n/use-t.js";

/**
 * The account area's frame while its code or the session loads (after the sign-up code, on a
 * direct visit): the header bar and the sidebar's and page's placeholders, where an empty screen
 * used to be. Same outer boxes as AccountLayout, so nothing jumps when it arrives.
 */
export function AccountLayoutSkeleton() {
  const t = useT();
  return (
    <div aria-busy="true" className="flex min-h-dvh flex-col">
      <div className="border-b border-border bg-surface">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2.5 px-4 text-lg font-semibold text-text sm:px-6 lg:px-8">
          <Logo />
          <span>{t("app.name")}</span>
        </div>
      </div>
      <div className="mx-auto grid w-full max-w-7xl flex-1 gap-6 px-4 py-6 sm:px-6 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-10 md:py-10 lg:px-8">
        {/* One bar per entry of AccountLayout's sidebar. */}
        <div className="hidden flex-col gap-4 md:flex">
          {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
            <Skeleton key={n} className="w-4/5" />
          ))}
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <Spinner label={t("common.loading")} className="sr-only" />
          <Skeleton shape="heading" className="w-1/2" />
          <Skeleton className="mt-4 w-full" />
          <Skeleton className="w-5/6" />
          <Skeleton shape="block" className="mt-6 h-40 w-full" />
        </div>
      </div>
    </div>
  );
}
