import { PATHS } from "../../routes/paths.js";
import { LegalPage } from "./legal-page.js";

/** Terms of use: 18+, support replies within 24 h, automatic renewal (spec §1). */
export function TermsPage() {
  return <LegalPage prefix="terms" sections={10} canonicalPath={PATHS.terms} />;
}
