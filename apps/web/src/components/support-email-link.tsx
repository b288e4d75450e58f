import { linkVariants } from "@veil/ui";
import { SUPPORT_EMAIL } from "../config.js";

/** The support address as a mailto link (one config value: VITE_SUPPORT_EMAIL). */
export function SupportEmailLink() {
  return (
    <a href={`mailto:${SUPPORT_EMAIL}`} className={linkVariants({ variant: "inline" })}>
      {SUPPORT_EMAIL}
    </a>
  );
}
