import { Button } from "@veil/ui";
import { Link } from "react-router-dom";
import { PageHeading } from "../../components/page-heading.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { usePageMeta } from "../../seo/use-page-meta.js";

/** docs/product.md §2.13: a large 404, 'Oops! Page not found.', a message, and a way back to the homepage. */
export function NotFoundPage() {
  const t = useT();
  usePageMeta({ title: t("notFound.meta.title"), noIndex: true });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p aria-hidden="true" className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">
        {t("notFound.code")}
      </p>
      <PageHeading className="mt-4 text-3xl font-semibold text-text">{t("notFound.title")}</PageHeading>
      <p className="mt-4 text-text-muted">{t("notFound.message")}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to={PATHS.home}>{t("notFound.backHome")}</Link>
      </Button>
    </section>
  );
}
