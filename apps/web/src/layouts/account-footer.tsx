import { footerLinkVariants } from "@veil/ui";
import { Link } from "react-router-dom";
import { useT } from "../i18n/use-t.js";
import { PATHS } from "../navigation/paths.js";

/**
 * The account area's own footer (docs/product.md §2.2: on account routes the public header and
 * footer give way to the account layout and its footer). One quiet line: the copyright and the
 * two legal documents a customer may need while managing the account. The marketing columns
 * (sections of the landing page, help) stay on the public pages; support is in the sidebar.
 */
export function AccountFooter() {
  const t = useT();
  return (
    <footer data-slot="account-footer" className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-sm text-text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        {/* The year comes from the visitor's clock, which may differ from the build's. */}
        <span suppressHydrationWarning>{t("footer.copyright", { year: new Date().getFullYear() })}</span>
        <nav aria-label={t("footer.navLabel")}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to={PATHS.privacy} className={footerLinkVariants()}>
                {t("footer.privacy")}
              </Link>
            </li>
            <li>
              <Link to={PATHS.terms} className={footerLinkVariants()}>
                {t("footer.terms")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
