import { PageHeading } from "../../../components/page-heading.js";
import { useT } from "../../../i18n/use-t.js";
import { usePageMeta } from "../../../seo/use-page-meta.js";
import { SessionsSection } from "./sessions-section.js";
import { TwoFactorSection } from "./two-factor-section.js";

/**
 * Security (docs/product.md §11.5): the account's sign-in security, one section component per
 * concern, each a SecurityCard. Add a section by adding its component to the list below.
 */
export function SecurityPage() {
  const t = useT();
  usePageMeta({ title: t("account.meta.title", { section: t("security.title") }), noIndex: true });
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeading className="text-2xl font-semibold tracking-tight text-text">{t("security.title")}</PageHeading>
      <TwoFactorSection />
      <SessionsSection />
    </div>
  );
}
