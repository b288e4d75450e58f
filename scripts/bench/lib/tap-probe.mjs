// The in-page clock of scripts/bench/first-tap.mjs, installed with addInitScript so it runs before
// any of the page's own script. Plain browser code: it is serialised into the page.
//
// Start: the `timeStamp` of the touchstart the tap produces (the moment the browser created the
// event, on the page's performance.now() clock), caught on window in the capture phase.
// End: from that touch on, every animation frame asks whether the result is on screen (`shown`
// below: the element laid out, not display:none / visibility:hidden / opacity 0 up its ancestry);
// at the first frame where it is, a message posted from that frame's requestAnimationFrame
// callback runs once the frame's style, layout and paint are done (the message is queued behind
// the rendering step), and its time is the end. So the figure is touch → the main thread finished
// the first frame that shows the result, for whatever drew it: React, a native popover or
// <details> (which change no attribute a MutationObserver would see), or the start-up script.
// Polling per frame costs a text search of the page per frame (well under a millisecond at 4×
// CPU slowdown on these pages), which is counted in the figure.
//
// Why not the Event Timing API (INP's source): it ends at the next paint after the event's own
// handlers, so a tap whose handler only starts loading code and whose result comes seconds later
// reads as a fast event. That gap is the thing measured here.

/** Installs `window.__tapProbe`; `arm(check)` starts watching for the named result. */
export function installTapProbe() {
  const probe = {
    touchAt: null,
    liftAt: null,
    frameAt: null,
    shownAt: null,
    check: null,
    requests: [],
  };
  window.__tapProbe = probe;

  const visible = (el) =>
    el instanceof Element &&
    el.getClientRects().length > 0 &&
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
  /** Visible elements whose own text (whitespace collapsed) includes `text`. */
  const withText = (text, root = document.body) => {
    const found = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeValue.includes(text.slice(0, 12)) && visible(node.parentElement)) {
        const el = node.parentElement;
        if (el.textContent.replace(/\s+/g, " ").includes(text)) found.push(el);
      }
    }
    return found;
  };
  const CHECKS = {
    // The header menu's links (at 375 px they are hidden until the menu opens).
    menuOpen: () => [...document.querySelectorAll('header a[href="/privacy"]')].some(visible),
    // The plan-choice dialog: any dialog (Radix or native) titled "Action unavailable".
    actionDialog: () =>
      [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog')].some(
        (d) => visible(d) && d.textContent.includes("Action unavailable"),
      ),
    // The language list: "Русский" as an item anyone can tap.
    languageList: () => withText("Русский").length > 0,
    // The page in Russian: the landing headline.
    russianHeadline: () =>
      [...document.querySelectorAll("h1")].some((h) => visible(h) && /интернет/.test(h.textContent)),
    // The first FAQ entry's answer.
    faqAnswer: () => withText("Register with your e-mail on this site").length > 0,
    // The login form's submit button in its busy state (set by the start-up script before React
    // owns the form, by the Button's `loading` after).
    loginBusy: () => [...document.querySelectorAll('button[type="submit"][aria-busy="true"]')].some(visible),
  };

  const onFrame = () => {
    if (probe.shownAt !== null || probe.check === null) return;
    if (probe.touchAt !== null && CHECKS[probe.check]()) {
      const frameAt = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        probe.frameAt = frameAt;
        probe.shownAt = performance.now();
      };
      channel.port2.postMessage(null);
      probe.check = null;
      return;
    }
    requestAnimationFrame(onFrame);
  };
  window.addEventListener(
    "touchstart",
    (event) => {
      if (probe.check === null || probe.touchAt !== null) return;
      probe.touchAt = event.timeStamp;
      requestAnimationFrame(onFrame);
    },
    { capture: true, passive: true },
  );
  // A held press (BENCH_TAP_HOLD_MS): when the finger lifted, the moment its click is made.
  window.addEventListener(
    "touchend",
    (event) => {
      if (probe.touchAt !== null && probe.liftAt === null) probe.liftAt = event.timeStamp;
    },
    { capture: true, passive: true },
  );
  // When the page asked for each request (Resource Timing's startTime, same clock as the touch).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.requests.push({ url: entry.name, startTime: entry.startTime });
  }).observe({ type: "resource", buffered: true });

  probe.arm = (check) => {
    if (!(check in CHECKS)) throw new Error(`unknown check ${check}`);
    if (CHECKS[check]()) throw new Error(`${check} is already true before the tap`);
    Object.assign(probe, { touchAt: null, liftAt: null, frameAt: null, shownAt: null, check });
  };
  /** Resources fetched since page start, for "network quiet" waits. */
  probe.resourceCount = () => performance.getEntriesByType("resource").length;
}
