import type { Language } from "@veil/contracts/constants";
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "../app.js";
import { loadMessages } from "../i18n/catalogues.js";
import { detectBrowserLanguage, syncLanguageCookie } from "../i18n/language.js";
import type { NavigationRequest } from "../islands/navigator.js";
import { unmountIslands } from "../islands/roots.js";
import { focusHandoff } from "../navigation/navigation-effects.js";
import { preloadRoute } from "../routes/app-routes.js";

function render(root: HTMLElement, language: Language, messages: Awaited<ReturnType<typeof loadMessages>>) {
  const reactRoot = createRoot(root);
  // Synchronously, so the islands' DOM is replaced in the same task (no frame without a page).
  flushSync(() =>
    reactRoot.render(
      <StrictMode>
        <BrowserRouter>
          <App language={language} messages={messages} />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}

/** Every page the server sends without prerendered content (the account area, the code screens…). */
export async function startApp(root: HTMLElement): Promise<void> {
  syncLanguageCookie();
  const language = detectBrowserLanguage();
  // The page's own code too, if it loads on demand: the first paint already has it.
  const [messages] = await Promise.all([loadMessages(language), preloadRoute(window.location.pathname)]);
  render(root, language, messages);
}

export interface TakeOver {
  language: Language;
  /** A navigation asked for on the prerendered page; without it the app renders the page itself. */
  navigation?: NavigationRequest;
}

/**
 * The app takes over a prerendered page (islands/boot.ts): after a link or a navigation, or in
 * another language. The browser history gets the entry the router would have pushed, so Back
 * returns to the page; the next page's heading takes focus as after any client-side navigation.
 */
export async function takeOverPage(root: HTMLElement, { language, navigation }: TakeOver): Promise<void> {
  const target = new URL(navigation?.to ?? window.location.href, window.location.href);
  const [messages] = await Promise.all([loadMessages(language), preloadRoute(target.pathname)]);
  const hadFocusInHeader = document.activeElement?.closest("header") !== null && document.activeElement !== null;
  if (navigation) {
    const key = Math.random().toString(36).slice(2, 10);
    const entry = { usr: navigation.state ?? null, key, idx: 1 };
    if (navigation.replace) window.history.replaceState({ ...entry, idx: 0 }, "", target);
    else {
      window.history.replaceState({ usr: null, key: "default", idx: 0 }, "");
      window.history.pushState(entry, "", target);
    }
    if (!target.hash) window.scrollTo({ top: 0, left: 0 });
    focusHandoff.pending = true;
  }
  unmountIslands();
  render(root, language, messages);
  // A language switch: focus goes back to the switch, as when its menu closes.
  if (!navigation && hadFocusInHeader) {
    const switches = root.querySelectorAll<HTMLElement>("header button[aria-haspopup='menu']");
    Array.from(switches)
      .find((button) => button.offsetParent !== null)
      ?.focus();
  }
}
