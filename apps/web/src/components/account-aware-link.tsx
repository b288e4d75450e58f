import { Button } from "@veil/ui";
import { Link } from "react-router-dom";
import { useAuth } from "../auth/auth-provider.js";
import type { MessageKey } from "../i18n/catalogues.js";
import { useT } from "../i18n/use-t.js";

export interface AccountAwareLinkProps {
  /** Where a guest goes (what the prerendered page links to). */
  guest: string;
  /** Where a signed-in user goes instead. */
  member: string;
  label: MessageKey;
}

/** A large call-to-action button whose target depends on whether someone is signed in (docs/product.md §2.6). */
export function AccountAwareLink({ guest, member, label }: AccountAwareLinkProps) {
  const t = useT();
  const { signedIn } = useAuth();
  return (
    <Button asChild size="lg">
      <Link to={signedIn ? member : guest}>{t(label)}</Link>
    </Button>
  );
}
