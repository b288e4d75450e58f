import { PATHS } from "../../navigation/paths.js";
import { LegalPage } from "./legal-page.js";

/** Terms of use: 18+, support replies within 24 h, automatic renewal (docs/product.md §1.4, §1.5). */
export function TermsPage() {
  return <LegalPage prefix="terms" sections={10} canonicalPath={PATHS.terms} />;
}
