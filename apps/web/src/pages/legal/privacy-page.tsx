import { PATHS } from "../../navigation/paths.js";
import { LegalPage } from "./legal-page.js";

/** Privacy policy: what is kept, what is not, and how to delete it. */
export function PrivacyPage() {
  return <LegalPage prefix="privacy" sections={8} canonicalPath={PATHS.privacy} />;
}
