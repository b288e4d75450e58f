import { Apple, AppWindow, Laptop, Play } from "lucide-react";
import type { ReactNode } from "react";
import { GOOGLE_PLAY_URL } from "../../config.js";
import { useT } from "../../i18n/use-t.js";

interface Store {
  id: "google-play" | "app-store" | "windows" | "mac-os";
  label: string;
  icon: ReactNode;
  /** Only live stores have a link; the others are marked "coming soon" (the FAQ: Android only). */
  href?: string;
}

/** The store icons of docs/product.md §1.3: Google Play is live, App Store, Windows and macOS are coming soon. */
export function StoreBadges() {
  const t = useT();
  const stores: Store[] = [
    { id: "google-play", label: t("home.stores.googlePlay"), icon: <Play />, href: GOOGLE_PLAY_URL },
    { id: "app-store", label: t("home.stores.appStore"), icon: <Apple /> },
    { id: "windows", label: t("home.stores.windows"), icon: <AppWindow /> },
    { id: "mac-os", label: t("home.stores.macos"), icon: <Laptop /> },
  ];
  const base = "flex min-h-14 items-center gap-3 rounded-xl border px-4 py-2 text-left [&_svg]:size-6 [&_svg]:shrink-0";
  return (
    <ul aria-label={t("home.stores.label")} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {stores.map((store) => (
        <li key={store.id} data-store={store.id}>
          {store.href ? (
            <a
              href={store.href}
              target="_blank"
              rel="noopener noreferrer"
              className={`${base} focus-inverse border-border-strong/40 bg-surface-inverse text-text-inverse outline-offset-2 hover:opacity-90 focus-visible:outline-2 focus-visible:outline-text focus-visible:shadow-[0_0_0_6px_var(--color-focus)]`}
            >
              <span aria-hidden="true">{store.icon}</span>
              <span className="font-semibold">{store.label}</span>
            </a>
          ) : (
            <div className={`${base} border-dashed border-border-strong/50 bg-surface text-text-muted`}>
              <span aria-hidden="true">{store.icon}</span>
              <span className="flex flex-col leading-tight">
                <span className="font-semibold text-text">{store.label}</span>
                <span className="text-xs">{t("common.comingSoon")}</span>
              </span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
