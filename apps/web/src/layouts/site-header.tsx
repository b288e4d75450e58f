import { HEADER_SCROLL_THRESHOLD_PX } from "@veil/contracts";
import { Button, Header } from "@veil/ui";
import { Link, useLocation } from "react-router-dom";
import { useAuth } from "../auth/auth-provider.js";
import { LanguageMenu } from "../components/language-menu.js";
import { Logo } from "../components/logo.js";
import { renderRouterLink } from "../components/router-link.js";
import { useT } from "../i18n/use-t.js";
import { AUTH_PAGES, PATHS, routeKey } from "../navigation/paths.js";

/** The action button of docs/product.md §2.4: account when signed in, support on auth pages, otherwise login. */
function useHeaderAction(pathname: string): { to: string; label: string } {
  const t = useT();
  const { signedIn } = useAuth();
  if (signedIn) return { to: PATHS.account.profile, label: t("header.account") };
  if (AUTH_PAGES.includes(routeKey(pathname))) return { to: PATHS.contact, label: t("header.support") };
  return { to: PATHS.login, label: t("header.login") };
}

export function SiteHeader() {
  const t = useT();
  const { pathname } = useLocation();
  const action = useHeaderAction(pathname);
  return (
    <Header
      name={t("app.name")}
      logo={<Logo />}
      homeHref={PATHS.home}
      links={[
        { href: PATHS.privacy, label: t("header.privacy") },
        { href: PATHS.terms, label: t("header.terms") },
        { href: PATHS.contact, label: t("header.contact") },
      ]}
      currentHref={pathname}
      navLabel={t("header.mainNav")}
      menuLabel={t("header.openMenu")}
      skipLinkLabel={t("app.skipToContent")}
      languageSwitch={<LanguageMenu />}
      action={
        <Button asChild size="sm">
          <Link to={action.to}>{action.label}</Link>
        </Button>
      }
      scrollThreshold={HEADER_SCROLL_THRESHOLD_PX}
      renderLink={renderRouterLink}
    />
  );
}
