import { Button, SidebarNav } from "@veil/ui";
import {
  CreditCard,
  KeyRound,
  LifeBuoy,
  LockKeyhole,
  MonitorSmartphone,
  ShieldCheck,
  Trash2,
  UserRound,
} from "lucide-react";
import { Suspense } from "react";
import { Link, Outlet, useLocation } from "react-router-dom";
import { useAuth } from "../auth/auth-provider.js";
import { LanguageMenu } from "../components/language-menu.js";
import { Logo } from "../components/logo.js";
import { renderRouterLink } from "../components/router-link.js";
import { ThemeMenu } from "../components/theme-menu.js";
import { useT } from "../i18n/use-t.js";
import { PATHS } from "../navigation/paths.js";
import { AccountFooter } from "./account-footer.js";
import { PageSkeleton } from "./layout-skeleton.js";

/**
 * The account area (docs/product.md §2.2): its own header with the language switch and logout, a sidebar with
 * the seven sections of the spec and Devices, and its own minimal footer. The public header and footer are not shown here.
 */
export function AccountLayout() {
  const t = useT();
  const { pathname } = useLocation();
  const { signOut } = useAuth();

  async function handleLogout() {
    // docs/product.md §4.5: sign out, clear the session and the stored e-mail, go to /login.
    await signOut({ to: PATHS.login });
  }

  const items = [
    { href: PATHS.account.profile, label: t("account.nav.profile"), icon: <UserRound /> },
    { href: PATHS.account.subscription, label: t("account.nav.subscription"), icon: <ShieldCheck /> },
    { href: PATHS.account.devices, label: t("account.nav.devices"), icon: <MonitorSmartphone /> },
    { href: PATHS.account.payments, label: t("account.nav.payments"), icon: <CreditCard /> },
    { href: PATHS.account.changePassword, label: t("account.nav.changePassword"), icon: <KeyRound /> },
    { href: PATHS.account.security, label: t("account.nav.security"), icon: <LockKeyhole /> },
    { href: PATHS.account.delete, label: t("account.nav.delete"), icon: <Trash2 />, tone: "danger" as const },
    { href: PATHS.account.support, label: t("account.nav.support"), icon: <LifeBuoy /> },
  ];
  // The reset screen belongs to the Change Password section.
  const current = pathname.startsWith(PATHS.account.changePassword) ? PATHS.account.changePassword : pathname;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2"
      >
        {t("app.skipToContent")}
      </a>
      <header className="border-b border-border bg-surface">
        {/* At 320 px (400 % zoom) the mark, both menus and logout fit on one line: below `sm` the
            wordmark and the language name are read, not shown. */}
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Link
            to={PATHS.home}
            className="flex shrink-0 items-center gap-2.5 rounded-md text-lg font-semibold text-text outline-offset-4"
          >
            <Logo />
            <span className="sr-only sm:not-sr-only">{t("app.name")}</span>
          </Link>
          <div className="flex items-center gap-2">
            <LanguageMenu size="sm" iconOnly="below-sm" />
            <ThemeMenu size="sm" />
            <Button variant="outline" size="sm" onClick={() => void handleLogout()}>
              {t("account.logout")}
            </Button>
          </div>
        </div>
      </header>
      <div className="mx-auto grid w-full max-w-7xl flex-1 gap-6 px-4 py-6 sm:px-6 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-10 md:py-10 lg:px-8">
        <SidebarNav label={t("account.nav.label")} items={items} currentHref={current} renderLink={renderRouterLink} />
        <main id="main" className="min-w-0">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <AccountFooter />
    </div>
  );
}
