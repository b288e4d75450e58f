import type { ComponentType } from "react";
import { AccountAwareLink } from "../components/account-aware-link.js";
import type { IslandName } from "../components/island-names.js";
import { PlanChooser } from "../components/plan-chooser.js";
import { SiteHeader } from "../layouts/site-header.js";
import { ForgotPasswordPage, LoginPage, RegisterPage } from "../pages/auth/index.js";
import { ContactPage } from "../pages/contact/contact-page.js";
import { FaqAccordion } from "../pages/faq/faq-accordion.js";

// biome-ignore lint/suspicious/noExplicitAny: props come from the island's JSON attribute
type AnyComponent = ComponentType<any>;

/** The prerenderer's twin of registry.ts: the same components, imported up front. */
export const SERVER_ISLANDS: Record<IslandName, AnyComponent> = {
  header: SiteHeader,
  accountLink: AccountAwareLink,
  plans: PlanChooser,
  faq: FaqAccordion,
  contact: ContactPage,
  login: LoginPage,
  register: RegisterPage,
  forgotPassword: ForgotPasswordPage,
};
