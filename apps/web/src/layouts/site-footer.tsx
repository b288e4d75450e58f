import { Footer } from "@veil/ui";
import { useLocation } from "react-router-dom";
import { Logo } from "../components/logo.js";
import { renderRouterLink } from "../components/router-link.js";
import { useT } from "../i18n/use-t.js";
import { PATHS } from "../navigation/paths.js";

/** The footer of docs/product.md §2.5: legal and contact under the brand, page sections, help (cancel, refund). */
export function SiteFooter() {
  const t = useT();
  const { pathname, hash } = useLocation();
  return (
    <Footer
      brand={
        <>
          <span className="flex items-center gap-2 text-lg font-semibold text-text">
            <Logo size={24} />
            {t("app.name")}
          </span>
          <p>{t("footer.tagline")}</p>
        </>
      }
      groups={[
        {
          heading: t("footer.legal"),
          links: [
            { href: PATHS.privacy, label: t("footer.privacy") },
            { href: PATHS.terms, label: t("footer.terms") },
            { href: PATHS.contact, label: t("footer.contact") },
          ],
        },
        {
          heading: t("footer.sections"),
          links: [
            { href: `${PATHS.home}#benefits`, label: t("footer.benefits") },
            { href: `${PATHS.home}#pricing`, label: t("footer.pricing") },
            { href: `${PATHS.home}#about`, label: t("footer.about") },
          ],
        },
        {
          heading: t("footer.help"),
          links: [
            // Both lead to the support centre, whose topic cards open the matching FAQ entries.
            { href: PATHS.supportCenter, label: t("footer.cancel") },
            { href: PATHS.supportCenter, label: t("footer.refund") },
          ],
        },
      ]}
      currentHref={pathname + hash}
      navLabel={t("footer.navLabel")}
      // The year comes from the visitor's clock, which may differ from the build's.
      legal={<span suppressHydrationWarning>{t("footer.copyright", { year: new Date().getFullYear() })}</span>}
      renderLink={renderRouterLink}
    />
  );
}
