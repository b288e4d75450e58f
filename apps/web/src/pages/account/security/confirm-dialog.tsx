import {
  Button,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
} from "@veil/ui";
import { LogOut } from "lucide-react";
import type { FormMessageValue } from "../../../components/form-message.js";
import { FormMessage } from "../../../components/form-message.js";
import { useT } from "../../../i18n/use-t.js";

/**
 * The question before a session is ended (one, or all the others). It stays open while the
 * request runs and shows a failure inside; `onDone` runs when it closes after a success, so the
 * caller can put focus somewhere that still exists (the ended row is gone).
 */
export function ConfirmEndDialog({
  open,
  title,
  body,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
  returnFocus,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  error: FormMessageValue | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes when the dialog closes after a success; null keeps Radix's default. */
  returnFocus: HTMLElement | null;
}) {
  const t = useT();
  return (
    <DialogRoot
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
    >
      <DialogContent
        closeLabel={t("common.close")}
        onCloseAutoFocus={(event) => {
          if (!returnFocus) return;
          event.preventDefault();
          returnFocus.focus();
        }}
      >
        <DialogHeader tone="danger" icon={<LogOut aria-hidden="true" />}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{body}</DialogDescription>
        </DialogHeader>
        <FormMessage className="mt-4" message={error} />
        <DialogFooter className="mt-4">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t("security.sessions.cancel")}
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </DialogRoot>
  );
}
