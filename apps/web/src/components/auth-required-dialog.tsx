import {
  Button,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
} from "@veil/ui";
import { LogIn } from "lucide-react";
import { Link } from "react-router-dom";
import { useT } from "../i18n/use-t.js";
import { PATHS } from "../navigation/paths.js";

/**
 * docs/product.md §2.6: a guest who picks a plan gets 'Action unavailable' with Login and Register. The dialog
 * is modal, so page scrolling is locked while it is open. By default focus goes back to what had
 * it when the dialog opened; `onCloseAutoFocus` lets the opener choose (call `preventDefault()`
 * and focus something else).
 */
export function AuthRequiredDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const t = useT();
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader icon={<LogIn aria-hidden="true" />}>
          <DialogTitle>{t("authRequired.title")}</DialogTitle>
          <DialogDescription>{t("authRequired.message")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to={PATHS.register}>{t("authRequired.register")}</Link>
          </Button>
          <Button asChild>
            <Link to={PATHS.login}>{t("authRequired.login")}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </DialogRoot>
  );
}
