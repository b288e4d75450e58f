import { buttonVariants, cn, DialogFooter, DialogHeader, dialogContentVariants } from "@veil/ui";
import { LogIn, X } from "lucide-react";
import { useContext } from "react";
import { useT } from "../i18n/use-t.js";
import { PATHS } from "../navigation/paths.js";
import { IslandCollectorContext } from "./island.js";
import { NATIVE_AUTH_DIALOG_ID } from "./island-names.js";

/**
 * The 'Action unavailable' dialog of components/auth-required-dialog.tsx as static HTML: a native
 * `<dialog>` the start-up script opens (`showModal()`) when a guest picks a plan before the plans
 * island has hydrated (islands/native-fallbacks.ts), so the first tap needs no React. It looks like
 * the Radix dialog; the browser gives the rest: focus moves in and comes back to the plan's
 * button, Escape and the close button (a `method="dialog"` form) close it, the page behind is
 * inert, and styles.css locks its scrolling. Written only into prerendered pages, outside the
 * island, so React never hydrates it; a choice after hydration opens the Radix dialog.
 */
export function NativeAuthRequiredDialog() {
  const t = useT();
  if (!useContext(IslandCollectorContext)) return null;
  const title = `${NATIVE_AUTH_DIALOG_ID}-title`;
  const message = `${NATIVE_AUTH_DIALOG_ID}-message`;
  return (
    <dialog
      id={NATIVE_AUTH_DIALOG_ID}
      aria-labelledby={title}
      aria-describedby={message}
      className={cn(dialogContentVariants(), "hidden open:grid backdrop:bg-overlay")}
    >
      <DialogHeader icon={<LogIn aria-hidden="true" />}>
        <h2 id={title} className="font-semibold text-lg text-text leading-7">
          {t("authRequired.title")}
        </h2>
        <p id={message} className="text-sm text-text-muted leading-6">
          {t("authRequired.message")}
        </p>
      </DialogHeader>
      <DialogFooter>
        <a href={PATHS.register} className={buttonVariants({ variant: "outline" })}>
          {t("authRequired.register")}
        </a>
        <a href={PATHS.login} className={buttonVariants()}>
          {t("authRequired.login")}
        </a>
      </DialogFooter>
      <form method="dialog" className="contents">
        <button
          type="submit"
          aria-label={t("common.close")}
          className="absolute top-3 right-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-text-muted transition-colors outline-offset-2 hover:bg-surface-muted hover:text-text focus-visible:outline-2 focus-visible:outline-focus"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </form>
    </dialog>
  );
}
