import type { Language } from "@veil/contracts";
import { AccountProvider } from "./account/account-provider.js";
import { AuthProvider } from "./auth/auth-provider.js";
import type { Messages } from "./i18n/catalogues.js";
import { I18nProvider } from "./i18n/i18n-provider.js";
import { NavigationEffects } from "./navigation/navigation-effects.js";
import { RouteAnnouncer } from "./navigation/route-announcer.js";
import { AppRoutes } from "./routes/app-routes.js";

export interface AppProps {
  language: Language;
  messages: Messages;
  preferredLanguage?: Language;
}

/** The whole app below the router (the browser and the prerenderer each supply their own router). */
export function App({ language, messages, preferredLanguage }: AppProps) {
  return (
    <I18nProvider language={language} messages={messages} preferredLanguage={preferredLanguage}>
      <AuthProvider>
        <AccountProvider>
          <NavigationEffects />
          <AppRoutes />
          <RouteAnnouncer />
        </AccountProvider>
      </AuthProvider>
    </I18nProvider>
  );
}
