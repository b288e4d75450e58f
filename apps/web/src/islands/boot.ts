import { API_PATHS, LANGUAGES, type Language, PLAN_CATALOGUE } from "@veil/contracts/constants";
import { recoveryFlag } from "../auth/local-store.js";
import { hasStoredSession } from "../auth/session-hint.js";
import { afterFirstPaint, afterNextFrame } from "../browser/first-paint.js";
import { savesData, whenIdle, whenIdleEach } from "../browser/idle.js";
import { loadPage } from "../browser/load-page.js";
import { afterPress } from "../browser/press.js";
import { ISLAND_TAG } from "../components/island-names.js";
import { detectBrowserLanguage, storeLanguage, syncLanguageCookie } from "../i18n/language.js";
import { APP_ROUTE_PATHS, routeKey } from "../navigation/paths.js";
import { answerNatively, returnFocusFromPopovers } from "./native-fallbacks.js";
import type { NavigationRequest } from "./navigator.js";
import { prefetchTranslations, readTranslation, swapPage } from "./page-language.js";

/**
 * Start-up of a prerendered page (docs/architecture.md §1.3). Plain DOM code
 * on purpose: this is all the JavaScript such a page runs before the visitor does anything. React
 * and the islands' code load when the first interaction arrives (or at once when the contact form
 * is on the page, someone may be signed in, the FAQ is opened at an entry, or the plans on the
 * server differ from the prerendered ones); the whole app takes over the page on the first
 * navigation. A language chosen on the page swaps in the same page prerendered in that language
 * (islands/page-language.ts), which then starts as if it had been sent so.
 */

/** A submit button whose submission the browser never sends (components/submit-button.tsx). */
const SAFE_SUBMIT = 'button[type="submit"][formmethod="dialog"]';

/** Events that count as the visitor's first interaction. */
const WAKE_EVENTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin", "wheel", "scroll"] as const;
/** Those that ask for the islands' code again after it failed to arrive: deliberate ones only. */
const RETRY_EVENTS = ["pointerdown", "touchstart", "keydown"] as const;

/** Runs `then` once what this task changed is on screen: after the next frame; in a hidden tab, which draws none, soon. */
function afterAnswerShown(then: () => void): void {
  if (document.hidden) setTimeout(then, 0);
  else afterNextFrame(then);
}

/**
 * `swapped`: the page was just put in place by a language choice (islands/page-language.ts), not
 * loaded; the choice was an interaction, but it asked for this page, not for React.
 * `asSent`: the app could not be loaded to render the page in the visitor's stored language, so the
 * page starts in the language it was sent in (the app takes over in theirs on the first link).
 */
export function bootIslands(root: HTMLElement, { swapped = false, asSent = false } = {}): void {
  syncLanguageCookie();
  const language = root.dataset.prerendered as Language;
  const path = root.dataset.path ?? window.location.pathname;
  // Every listener of this start-up, removed when a language switch swaps the page (the page in
  // the new language starts again).
  const started = new AbortController();
  const { signal } = started;

  let handedOver = false;
  const takeOver = (request: { navigation?: NavigationRequest; language?: Language; atStart?: boolean }) => {
    if (handedOver) return;
    handedOver = true;
    document.removeEventListener("click", followLink);
    import("../spa/start.js")
      // In the visitor's language: the page's, or one they chose here that did not come through.
      .then((app) =>
        app.takeOverPage(root, {
          language: request.language ?? detectBrowserLanguage(),
          navigation: request.navigation,
        }),
      )
      .catch(() => {
        // The app's code did not arrive (a dropped connection, an old build's chunks gone after a
        // deploy; the browser may keep refusing that chunk for the rest of the page's life). A
        // navigation is made as without script, a full load of its URL; never a reload of this page,
        // which could fail the same way over and over. A language leaves the page in its own: one
        // chosen here waits for the next link (a full load, then), one stored before starts the
        // page as sent.
        if (request.navigation) return loadPage(request.navigation.to, { replace: request.navigation.replace });
        if (request.atStart) return bootIslands(root, { swapped, asSent: true });
        handedOver = false;
        document.addEventListener("click", followLink, { signal });
      });
  };

  // A language chosen on the page (the native list before hydration, the switch after it): the
  // same page prerendered in that language takes this one's place, in the task of the choice when
  // the start-up fetched it at idle, else once it arrives. Without it (no such page, a failed
  // read, a newer build on the server) the app takes over in that language, as it did before.
  let switching = false;
  const switchLanguage = (next: Language) => {
    if (handedOver || switching) return;
    switching = true;
    // Where focus is at the choice (on it, in the list), before the list closes.
    const focused = document.activeElement;
    void readTranslation(root, next).then((page) => {
      switching = false;
      if (handedOver) return;
      if (!page) return takeOver({ language: next });
      handedOver = true;
      started.abort();
      swapPage(root, page, next);
      bootIslands(root, { swapped: true });
      // Focus was on the choice (now gone): it goes to the switch, or to the menu that holds it,
      // as when the menu closes.
      if (focused && focused !== document.body && !focused.isConnected) {
        const header = root.querySelector("header");
        const visible = (selector: string) =>
          Array.from(header?.querySelectorAll<HTMLElement>(selector) ?? []).find((el) => el.offsetParent !== null);
        (visible("[data-slot='language-switch-trigger']") ?? visible("[data-slot='header-menu-toggle']"))?.focus();
      }
    });
  };

  // The visitor prefers another language than the page was sent in (a stored choice the server
  // could not see yet): the app renders the page in that language, as it always has.
  const preferred = detectBrowserLanguage();
  if (preferred !== language && !asSent) {
    takeOver({ language: preferred, atStart: true });
    return;
  }
  // Clicks made before this code ran (it is asked for after the first paint), answered below; taken
  // only here, so a page started as sent after a failed take-over answers those made meanwhile too.
  const earlyClicks = takeEarlyClicks();

  // Links in the static HTML work without script; with it, following one lets the app take over
  // (same focus hand-off and announcement after navigation as anywhere in the app).
  function followLink(event: MouseEvent) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (event.altKey) return;
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!(link instanceof HTMLAnchorElement) || !root.contains(link)) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || !APP_ROUTE_PATHS.includes(routeKey(url.pathname))) return;
    // Same page, another anchor: the browser scrolls there itself.
    if (url.pathname === window.location.pathname && url.search === window.location.search) return;
    event.preventDefault();
    takeOver({ navigation: { to: `${url.pathname}${url.search}${url.hash}` } });
  }
  document.addEventListener("click", followLink, { signal });

  // A click on an island's button before React owns it is answered natively where the page has a
  // fallback for it (islands/native-fallbacks.ts: menus, the plan dialog, the FAQ), else clicked
  // again once React owns the island (a submit button's click is the submission below, not
  // clicked twice).
  const early = new Map<HTMLElement, HTMLElement>();
  const guest = !hasStoredSession();
  const answerEarly = (target: Element | null) => {
    const island = target?.closest?.<HTMLElement>(ISLAND_TAG);
    const button = target?.closest?.<HTMLElement>("button, [role='button']");
    if (button instanceof HTMLButtonElement && button.type === "submit") return;
    if (!island || !button || !island.contains(button) || island.dataset.hydrating) return;
    // A language from the header's native list: the app takes over in it, as the switch does.
    const choice = LANGUAGES.find((value) => value === button.dataset.languageChoice);
    if (choice) {
      // Stored even when it is the page's own language: a choice that did not come through may be.
      storeLanguage(choice);
      if (choice === language) button.closest<HTMLElement>("[popover]")?.hidePopover();
      else switchLanguage(choice);
      return;
    }
    if (answerNatively(island, button, guest)) return;
    early.set(island, button);
  };
  document.addEventListener("click", (event) => answerEarly(event.target as Element | null), { capture: true, signal });
  // Once the rest of this start-up is in place, each on its own: one whose answer throws (a
  // browser's popover API, say) cannot stop the start-up or the other answers.
  for (const target of earlyClicks) queueMicrotask(() => answerEarly(target instanceof Element ? target : null));
  returnFocusFromPopovers(signal);

  const islands = Array.from(root.querySelectorAll<HTMLElement>(ISLAND_TAG));
  // The forms' submit buttons are disabled in the HTML, so nothing is sent without script. Those
  // that submit with method "dialog" cannot send anything natively (components/submit-button.tsx):
  // they are enabled now, and a submission made before React owns the form (click, or Enter in a
  // field) is handed to the form's own handler once it does.
  const earlySubmits = new Map<HTMLElement, HTMLButtonElement>();
  const notBusy = (button: HTMLButtonElement | undefined) => {
    button?.removeAttribute("aria-busy");
    button?.removeAttribute("aria-disabled");
    if (button) delete button.dataset.earlySubmit;
  };
  for (const button of root.querySelectorAll<HTMLButtonElement>(`${ISLAND_TAG} ${SAFE_SUBMIT}[disabled]`)) {
    button.disabled = false;
  }
  document.addEventListener(
    "submit",
    (event) => {
      const island = (event.target as Element | null)?.closest?.<HTMLElement>(ISLAND_TAG);
      const submitter = (event as SubmitEvent).submitter;
      if (!island || !(submitter instanceof HTMLButtonElement) || !submitter.matches(SAFE_SUBMIT)) return;
      if (island.dataset.hydrating) {
        // React owns the form but the early submission is not replayed yet: this one is the same
        // submission again (it would be sent twice); the replay sends the form as it is then.
        if (earlySubmits.has(island)) {
          event.preventDefault();
          event.stopImmediatePropagation();
        }
        return;
      }
      earlySubmits.set(island, submitter);
      // Busy at once, as the hydrated button would be (aria-busy and aria-disabled, as `Button`'s
      // `loading` sets them; styles.css draws its spinner): on a slow phone the sign-in code takes
      // a second or more to arrive, and a button that does nothing invites a second tap.
      submitter.setAttribute("aria-busy", "true");
      submitter.setAttribute("aria-disabled", "true");
      submitter.dataset.earlySubmit = "true";
      wake("answered");
    },
    { capture: true, signal },
  );
  // A field edited after the early submission: the visitor is changing what they sent (retyping a
  // password, say), so the replay would send a half-edited form they never submitted. It is
  // dropped; their next submission counts.
  document.addEventListener(
    "input",
    (event) => {
      const island = (event.target as Element | null)?.closest?.<HTMLElement>(ISLAND_TAG);
      if (island) notBusy(earlySubmits.get(island));
      if (island) earlySubmits.delete(island);
    },
    { capture: true, signal },
  );
  let woken = false;
  // Once the islands wake, their imports fetch what the idle prefetch has not yet asked for.
  let stopPrefetch = () => {};
  /**
   * `trigger`: the visitor's first interaction, or "answered" when the start-up has just answered
   * them natively (a submission's busy state, taps made before it ran); none when the page itself
   * asks (a session to show, plans that differ), which wakes the islands at once.
   */
  const wake = (trigger?: Event | "answered") => {
    if (woken) return;
    woken = true;
    stopPrefetch();
    for (const type of WAKE_EVENTS) document.removeEventListener(type, wake, true);
    window.removeEventListener("scroll", wake, true);
    if (!trigger) return hydrate();
    // Hydration is one long task (hundreds of ms on a slow phone), and the island code is often
    // cached by then (the idle prefetch): started at once, it ran between the touch and the frame
    // that answers it, so the native menu, dialog or busy button waited for React (issue #30). It
    // starts after that frame: once a press is over (browser/press.ts), in a task after the next.
    afterPress(trigger instanceof Event ? trigger : undefined, () => afterAnswerShown(hydrate), signal);
  };
  const hydrate = () => {
    // Whether React owns an island yet: `hydrateIslands` loads every island's code (and the
    // language's messages) before it hydrates the first, so a failure before that left the page as
    // it was, and the code may be asked for again.
    let owned = false;
    import("./hydrate.js")
      .then((hydration) => {
        // A language switch may have swapped the page while this code loaded: the new page's own
        // start-up hydrates its islands, in its language.
        if (signal.aborted) return;
        return hydration.hydrateIslands(root, {
          language,
          path,
          onNavigate: (navigation) => takeOver({ navigation }),
          onSwitchLanguage: switchLanguage,
          onHydrating: (island) => {
            owned = true;
            island.dataset.hydrating = "true";
            const button = early.get(island);
            early.delete(island);
            // React replays a click that reaches a root still hydrating, so this one lands.
            if (button?.isConnected) button.click();
          },
          onHydrated: (island) => {
            // A submission is not replayed by React: it is sent again once the form's handler is
            // attached (with its dialog-method submitter, so it is never sent natively either way).
            const submitter = earlySubmits.get(island);
            earlySubmits.delete(island);
            // React renders its own busy state from here on (it never set these attributes).
            notBusy(submitter);
            if (submitter?.isConnected && submitter.form) submitter.form.requestSubmit(submitter);
          },
        });
      })
      .catch(() => {
        if (!owned && !signal.aborted) islandsCodeMissing();
      });
  };
  // The islands' code did not arrive (a dropped connection, an old build's chunks gone after a
  // deploy): no button stays busy for a submission that will not be sent, no tap waits for a
  // replay, and the next deliberate interaction (a press or a key, not a hover or a scroll, which
  // would ask the network again and again) tries again; what was typed stays in the fields.
  const islandsCodeMissing = () => {
    // The app took over meanwhile: it owns the page, and there are no islands left to wake.
    if (handedOver) return;
    for (const submitter of earlySubmits.values()) notBusy(submitter);
    earlySubmits.clear();
    early.clear();
    woken = false;
    listenForWake(RETRY_EVENTS);
  };
  const listenForWake = (types: readonly string[] = WAKE_EVENTS) => {
    for (const type of types) document.addEventListener(type, wake, { capture: true, passive: true, signal });
    if (types.includes("scroll")) window.addEventListener("scroll", wake, { capture: true, passive: true, signal });
  };
  // A form leads into the app (login → profile, register → code): fetch the app when the form is
  // sent, while the request is on its way, so the hand-over does not wait for the download, and a
  // page that is only read never pays for it.
  // A failure here is the take-over's to handle, when it comes.
  root.addEventListener("submit", () => void import("../spa/start.js").catch(() => {}), {
    capture: true,
    once: true,
    signal,
  });

  if (islands.length === 0) return;
  const has = (name: string) => islands.some((island) => island.dataset.island === name);
  // The header holds the language switch: its choice finds the page in the other language fetched.
  if (has("header")) afterLoad(() => whenIdle(() => signal.aborted || prefetchTranslations(root, language)));
  const pageAsks =
    islands.some((island) => island.dataset.when === "load") ||
    hasStoredSession() ||
    recoveryFlag.get() ||
    (has("faq") && /^#q\d+$/.test(window.location.hash));
  // Taps made before this code ran are answered natively above (microtasks): shown first.
  const answered = !swapped && interactedBeforeStart();
  if (pageAsks || answered) {
    wake(answered ? "answered" : undefined);
    return;
  }
  listenForWake();
  if (has("plans")) afterLoad(() => signal.aborted || void checkPlans(wake));
  afterLoad(() => {
    if (woken || signal.aborted) return;
    stopPrefetch = prefetchIslandCode(root);
    signal.addEventListener("abort", stopPrefetch);
  });
}

/** The page's inline start-up (@veil/contracts PAGE_START_SCRIPT) and the clicks it recorded. */
type PageStartElement = HTMLScriptElement & { clicks?: EventTarget[] | null };

/**
 * The targets of the clicks the page's inline start-up recorded before this code ran, oldest
 * first; it records none after this (a second start-up, after a language swap, gets none).
 */
function takeEarlyClicks(): EventTarget[] {
  const script = document.querySelector<PageStartElement>("script[data-start]");
  const clicks = script?.clicks ?? [];
  if (script) script.clicks = null;
  return clicks;
}

/**
 * The visitor has already tapped, clicked or pressed a key on this page (the browser's sticky user
 * activation): this start-up, asked for after the first paint (@veil/contracts PAGE_START_SCRIPT),
 * came after an interaction it could not hear. The islands wake now rather than at the next one
 * (a menu opened natively meanwhile stays open through hydration, islands/native-state.ts).
 */
function interactedBeforeStart(): boolean {
  return navigator.userActivation?.hasBeenActive === true;
}

/**
 * Fetches the islands' code (the files the prerenderer lists in `data-island-code`) into the HTTP
 * cache at the lowest priority, not running it: a tap after the first seconds of a visit then waits
 * for React to start, not for the network (on a slow phone the download was most of the wait). A
 * prefetch is not parsed or run; a visitor who asked to save data does not get it. Returns a
 * function that asks for no more.
 */
function prefetchIslandCode(root: HTMLElement): () => void {
  if (savesData()) return () => {};
  // A few links per idle task: each append starts its request at once (about 1.5 ms apiece here).
  return whenIdleEach((root.dataset.islandCode ?? "").split(" ").filter(Boolean), (file) => {
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.href = `/${file}`;
    // As a module script is fetched (CORS, same-origin credentials), so the import reuses it.
    link.crossOrigin = "anonymous";
    link.fetchPriority = "low";
    document.head.append(link);
  });
}

/**
 * Runs `then` once the page has loaded (in the task after the load event) and shown its first
 * contentful paint. The plan check and the prefetches wait for both: started at once, the plan
 * check's request finished before the first paint of a fast visit, and Lighthouse's simulation
 * then counts it (and the script that sends it) as part of the landing page's LCP, about 0.1 s on a
 * slow phone, for a check that almost never changes the page; on a fast visit the load event
 * itself comes before the first paint.
 */
function afterLoad(then: () => void): void {
  let loaded = document.readyState === "complete";
  let painted = false;
  const whenBoth = () => loaded && painted && setTimeout(then, 0);
  if (!loaded) {
    window.addEventListener(
      "load",
      () => {
        loaded = true;
        whenBoth();
      },
      { once: true },
    );
  }
  afterFirstPaint(() => {
    painted = true;
    whenBoth();
  });
}

/**
 * The page shows the plan catalogue it was built with; the plan list islands render once awake
 * comes from the server (docs/product.md §7.1). If the server's list differs (or cannot be read,
 * which shows "no plans"), the islands wake now, so the page does not wait for an interaction to
 * be right.
 */
async function checkPlans(wake: () => void): Promise<void> {
  const shown = JSON.stringify(PLAN_CATALOGUE.map((p) => [p.id, p.name, p.priceUsd, p.days]));
  try {
    const reply = await fetch(`/api${API_PATHS.plans}`, { headers: { Accept: "application/json" } });
    if (!reply.ok) return wake();
    const plans = (await reply.json()) as { id: number; name: string; price: number; days: number }[];
    const served = JSON.stringify(plans.map(({ id, name, price, days }) => [id, name, price, days]));
    if (served !== shown) wake();
  } catch {
    wake();
  }
}
