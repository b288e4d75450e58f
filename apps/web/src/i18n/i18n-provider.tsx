import type { Language } from "@veil/contracts";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { IntlProvider } from "react-intl";
import { loadMessages, type Messages } from "./catalogues.js";
import { INTL_LOCALE, storeLanguage } from "./language.js";

interface LanguageContextValue {
  language: Language;
  /** Switches the interface language and remembers the choice under `lang`. */
  setLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage needs an <I18nProvider> above it");
  return value;
}

export interface I18nProviderProps {
  language: Language;
  messages: Messages;
  /**
   * The language this browser wants. A prerendered page hydrates in the language it was rendered
   * in (so the markup matches) and then switches to this one.
   */
  preferredLanguage?: Language;
  /**
   * Replaces switching in place: an island of a prerendered page cannot re-render the page around
   * it, so it hands the switch to the app (islands/hydrate.tsx). The choice is stored either way.
   */
  switchLanguage?: (language: Language) => void;
  children: ReactNode;
}

export function I18nProvider({
  language: initial,
  messages: initialMessages,
  preferredLanguage,
  switchLanguage,
  children,
}: I18nProviderProps) {
  const [state, setState] = useState({ language: initial, messages: initialMessages });
  const latestRequest = useRef<Language>(initial);

  const apply = useCallback(async (language: Language) => {
    latestRequest.current = language;
    const messages = await loadMessages(language);
    // A slow catalogue must not override a later choice.
    if (latestRequest.current === language) setState({ language, messages });
  }, []);

  const setLanguage = useCallback(
    async (language: Language) => {
      storeLanguage(language);
      if (switchLanguage) switchLanguage(language);
      else await apply(language);
    },
    [apply, switchLanguage],
  );

  useEffect(() => {
    if (preferredLanguage && preferredLanguage !== initial) void apply(preferredLanguage);
  }, [preferredLanguage, initial, apply]);

  useEffect(() => {
    document.documentElement.lang = state.language;
  }, [state.language]);

  const value = useMemo(() => ({ language: state.language, setLanguage }), [state.language, setLanguage]);

  return (
    <LanguageContext value={value}>
      <IntlProvider locale={INTL_LOCALE[state.language]} defaultLocale={INTL_LOCALE.en} messages={state.messages}>
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}
