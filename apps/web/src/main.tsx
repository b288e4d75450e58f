import "./fonts.css";
import "./styles.css";
import { LANGUAGES, type Language } from "@veil/contracts/constants";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./app.js";
import { loadMessages } from "./i18n/catalogues.js";
import { detectBrowserLanguage, syncLanguageCookie } from "./i18n/language.js";
import { preloadRoute } from "./routes/app-routes.js";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const preferred = detectBrowserLanguage();
syncLanguageCookie();
/** Set by the prerenderer on pages whose HTML is already in the document. */
const prerenderedIn = container.dataset.prerendered as Language | undefined;

async function start(root: HTMLElement) {
  if (prerenderedIn && LANGUAGES.includes(prerenderedIn)) {
    // Hydrate in the language the HTML was rendered in, so the markup matches exactly; the app then
    // switches to the visitor's language if it differs.
    // The page's own code too, if it loads on demand: hydration must not suspend.
    const [messages] = await Promise.all([loadMessages(prerenderedIn), preloadRoute(window.location.pathname)]);
    hydrateRoot(
      root,
      <StrictMode>
        <BrowserRouter>
          <App language={prerenderedIn} messages={messages} preferredLanguage={preferred} />
        </BrowserRouter>
      </StrictMode>,
    );
  } else {
    const [messages] = await Promise.all([loadMessages(preferred), preloadRoute(window.location.pathname)]);
    createRoot(root).render(
      <StrictMode>
        <BrowserRouter>
          <App language={preferred} messages={messages} />
        </BrowserRouter>
      </StrictMode>,
    );
  }
}

void start(container);
