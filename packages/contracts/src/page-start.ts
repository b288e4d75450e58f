/**
 * The one inline script of a prerendered page (apps/web/scripts/prerender.mjs puts it where the
 * page's `<script type="module">` was; the server's Content-Security-Policy allows it by its
 * SHA-256, which is why its text lives here, shared by both). It asks for the page's start-up
 * module, named by its own `data-start` attribute, once the page has shown its first contentful
 * paint (as the `first-contentful-paint` entry is delivered; a browser without paint timing, or
 * whose observer throws: in a task after the next frame) and the HTML is parsed (as a module script
 * waits for it); at the latest after 5 s (a hidden tab, which paints nothing, or a paint never
 * reported). Until the module takes over, it keeps the targets of the clicks on the page (taps,
 * Enter and Space on buttons) in its element's `clicks`, so the start-up answers them late rather
 * than never.
 *
 * Why not a module script in the head: the start-up script then downloads beside the stylesheet
 * and is counted by Lighthouse's simulation as part of the largest paint whenever its download
 * ends before that paint (the simulation cannot see that a module ran later), about 0.1 s of LCP
 * on a slow phone for a script the paint never needed (issue #30, BENCHMARKS.md "Start-up after
 * the first paint"). Plain ES2017 of a classic script; changing one character changes the hash,
 * which the server computes from this same text.
 */
export const PAGE_START_SCRIPT = [
  "(function () {",
  "  var script = document.currentScript;",
  "  var src = script.dataset.start;",
  // Taps and keys before the start-up runs, for it to answer (islands/boot.ts takes the list and
  // sets it to null, which ends the recording).
  "  script.clicks = [];",
  '  document.addEventListener("click", function (event) { if (script.clicks) script.clicks.push(event.target); }, true);',
  "  var start = function () {",
  "    if (!src) return;",
  // The first paint can come while the HTML still arrives; the start-up reads the whole page.
  '    if (document.readyState === "loading") return document.addEventListener("DOMContentLoaded", start);',
  "    import(src);",
  "    src = null;",
  "  };",
  // A page whose paint is never reported (a browser that lists paint timing but does not deliver
  // it, an extension wrapping the observer) starts all the same.
  "  setTimeout(start, 5000);",
  "  var afterFrame = function () { requestAnimationFrame(function () { setTimeout(start, 0); }); };",
  "  var Observer = window.PerformanceObserver;",
  '  if (!Observer || !Observer.supportedEntryTypes || Observer.supportedEntryTypes.indexOf("paint") < 0) return afterFrame();',
  "  try {",
  "    var observer = new Observer(function (list) {",
  '      if (list.getEntriesByName("first-contentful-paint").length === 0) return;',
  "      observer.disconnect();",
  "      start();",
  "    });",
  '    observer.observe({ type: "paint", buffered: true });',
  "  } catch (error) {",
  "    afterFrame();",
  "  }",
  "})();",
].join("\n");
