import { ISLAND_TAG, NATIVE_AUTH_DIALOG_ID } from "../components/island-names.js";

/**
 * What a tap on an island does before React owns it (docs/architecture.md §1.3), so the first tap
 * of a visit is answered at once instead of after React's code has arrived:
 * - the header's menu and language buttons open native popovers (`popovertarget` in the server
 *   HTML: the browser does it, with or without this script);
 * - a plan's "Choose plan" opens the prerendered native "Action unavailable" dialog (guests only:
 *   with a session the choice leads to payment, which needs the app);
 * - an FAQ question opens or closes its answer, written the way the accordion itself writes it.
 * Once an island is hydrating React answers instead, and takes over the state left here
 * (islands/native-state.ts reads it for the first render, so hydration matches the page).
 */

/**
 * Answers a click on `button` in `island` natively; true if it did (or the browser does), so the
 * start-up script does not click it again once React owns the island.
 */
export function answerNatively(island: HTMLElement, button: HTMLElement, guest: boolean): boolean {
  // A popover's button: the browser opens it; clicked again after hydration it would close it.
  if (button.hasAttribute("popovertarget")) return true;
  if (island.dataset.island === "plans" && guest && button.closest("[data-slot='plan-card']")) {
    const dialog = document.getElementById(NATIVE_AUTH_DIALOG_ID);
    if (!(dialog instanceof HTMLDialogElement)) return false;
    if (!dialog.open) dialog.showModal();
    return true;
  }
  if (island.dataset.island === "faq" && button.dataset.slot === "accordion-trigger") {
    toggleFaqEntry(button);
    return true;
  }
  return false;
}

/** Opens or closes an FAQ entry with exactly the attributes the accordion renders for that state. */
function toggleFaqEntry(trigger: HTMLElement): void {
  const item = trigger.closest<HTMLElement>("[data-slot='accordion-item']");
  const panel = document.getElementById(trigger.getAttribute("aria-controls") ?? "");
  const heading = trigger.parentElement;
  if (!item || !panel || !heading) return;
  const open = trigger.getAttribute("aria-expanded") !== "true";
  const state = open ? "open" : "closed";
  for (const element of [item, heading, trigger, panel]) element.dataset.state = state;
  trigger.setAttribute("aria-expanded", String(open));
  if (open) panel.removeAttribute("hidden");
  else panel.setAttribute("hidden", "");
}

/**
 * A native popover of an island that closes with focus inside it (Escape on one of its items)
 * gives focus back to its button, as the Radix menu does; the browser alone leaves it on the
 * hidden item. Once React owns the island it does this itself.
 */
export function returnFocusFromPopovers(signal?: AbortSignal): void {
  document.addEventListener(
    "toggle",
    (event) => {
      const popover = event.target;
      if (!(popover instanceof HTMLElement) || (event as ToggleEvent).newState !== "closed" || !popover.id) return;
      const island = popover.closest<HTMLElement>(ISLAND_TAG);
      if (!island || island.dataset.hydrating) return;
      const active = document.activeElement;
      if (active && active !== document.body && !popover.contains(active)) return;
      document.querySelector<HTMLElement>(`[popovertarget="${CSS.escape(popover.id)}"]`)?.focus();
    },
    { capture: true, signal },
  );
}
