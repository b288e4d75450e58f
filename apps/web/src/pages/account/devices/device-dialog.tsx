import {
  Button,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
} from "@veil/ui";
import type { ReactNode } from "react";
import { FormMessage, type FormMessageValue } from "../../../components/form-message.js";
import { useT } from "../../../i18n/use-t.js";

/**
 * The dialog of a device action (rename, new key, remove): a form, so Enter confirms. It stays open
 * while the request runs and shows a failure inside; after a success the caller closes it and says
 * where focus goes (`returnFocus`), since the row it came from may be gone.
 */
export function DeviceDialog({
  open,
  title,
  description,
  icon,
  tone,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
  returnFocus,
  children,
}: {
  open: boolean;
  title: string;
  description?: string;
  icon: ReactNode;
  tone: "danger" | "default";
  confirmLabel: string;
  busy: boolean;
  error: FormMessageValue | null;
  onConfirm: () => void;
  onCancel: () => void;
  returnFocus: HTMLElement | null;
  children?: ReactNode;
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
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) onConfirm();
          }}
        >
          <DialogHeader tone={tone === "danger" ? "danger" : "primary"} icon={icon}>
            <DialogTitle className="break-words">{title}</DialogTitle>
            {description ? <DialogDescription>{description}</DialogDescription> : null}
          </DialogHeader>
          {children ? <div className="mt-4">{children}</div> : null}
          <FormMessage className="mt-4" message={error} />
          <DialogFooter className="mt-4">
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              {t("devices.cancel")}
            </Button>
            <Button type="submit" variant={tone === "danger" ? "danger" : "primary"} loading={busy}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
