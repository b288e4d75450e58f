import type { ComponentType } from "react";
import type { IslandName } from "../components/island-names.js";

// biome-ignore lint/suspicious/noExplicitAny: props come from the island's JSON attribute
type AnyComponent = ComponentType<any>;

/**
 * Each island's component, loaded on demand: a page fetches only the code of the islands it has
 * (the auth forms share the auth screens' chunk with the app).
 */
export const ISLAND_COMPONENTS: Record<IslandName, () => Promise<AnyComponent>> = {
  header: () => import("../layouts/site-header.js").then((m) => m.SiteHeader),
  accountLink: () => import("../components/account-aware-link.js").then((m) => m.AccountAwareLink),
  plans: () => import("../components/plan-chooser.js").then((m) => m.PlanChooser),
  faq: () => import("../pages/faq/faq-accordion.js").then((m) => m.FaqAccordion),
  contact: () => import("../pages/contact/contact-page.js").then((m) => m.ContactPage),
  login: () => import("../pages/auth/index.js").then((m) => m.LoginPage),
  register: () => import("../pages/auth/index.js").then((m) => m.RegisterPage),
  forgotPassword: () => import("../pages/auth/index.js").then((m) => m.ForgotPasswordPage),
};
