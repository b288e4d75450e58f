import type { Language } from "@veil/contracts/constants";
import { type ReactNode, StrictMode, useEffect } from "react";
import { type Navigator, Router } from "react-router-dom";
import { AuthProvider } from "../auth/auth-provider.js";
import type { Messages } from "../i18n/catalogues.js";
import { I18nProvider } from "../i18n/i18n-provider.js";

export interface IslandRootProps {
  language: Language;
  messages: Messages;
  /** The page's path as prerendered (plus the browser's query and hash). */
  location: string;
  navigator: Navigator;
  /** Prerendering: the router never navigates. */
  isStatic?: boolean;
  /** What the language switch does here (islands/hydrate.tsx: the app takes over in that language). */
  switchLanguage?: (language: Language) => void;
  /** In the browser: called once the island is hydrated (its handlers are attached). */
  onHydrated?: () => void;
  children: ReactNode;
}

/**
 * What every island renders inside, on the server and in the browser alike (same tree, so the
 * markup and `useId` agree): the page's language and catalogue, the auth state (a guest until the
 * auth client says otherwise, as in the app) and a router fixed at the page's location, whose
 * navigations hand the page over to the whole app (islands/navigator.ts).
 */
export function IslandRoot({
  language,
  messages,
  location,
  navigator,
  isStatic,
  switchLanguage,
  onHydrated,
  children,
}: IslandRootProps) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <StrictMode>
      <I18nProvider language={language} messages={messages} switchLanguage={switchLanguage}>
        <AuthProvider>
          <Router location={location} navigator={navigator} static={isStatic}>
            {children}
          </Router>
        </AuthProvider>
      </I18nProvider>
    </StrictMode>
  );
}
