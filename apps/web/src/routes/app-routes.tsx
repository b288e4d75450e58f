import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router-dom";
import { Island } from "../components/island.js";
import { AccountLayoutSkeleton } from "../layouts/account-layout-skeleton.js";
import { PageSkeleton } from "../layouts/layout-skeleton.js";
import { PublicLayout } from "../layouts/public-layout.js";
import { PATHS, routeKey } from "../navigation/paths.js";
import { FaqPage } from "../pages/faq/faq-page.js";
import { HomePage } from "../pages/home/home-page.js";
import { PrivacyPage } from "../pages/legal/privacy-page.js";
import { TermsPage } from "../pages/legal/terms-page.js";
import { NotFoundPage } from "../pages/not-found/not-found-page.js";
import { SupportCenterPage } from "../pages/support-center/support-center-page.js";
import { ProtectedRoute } from "./protected-route.js";

/** One lazy component per named export, so a module's screens share one chunk. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * A lazy screen in its own Suspense boundary, which shows the layout's skeleton while the screen's
 * code loads (never an empty main area). The prerendered pages are not hydrated by the app (their
 * islands are, docs/architecture.md), so a boundary here cannot split a hydration.
 */
function lazyScreen(Screen: ComponentType, fallback: ReactNode = <PageSkeleton />) {
  return (
    <Suspense fallback={fallback}>
      <Screen />
    </Suspense>
  );
}

/**
 * A page whose code loads on demand but can be loaded ahead. `preload` fetches the module (spa/start.tsx
 * and the prerenderer call `preloadRoute` for the URL being rendered) and, once it is in memory, the
 * lazy component gets a thenable that resolves synchronously inside `then`: React.lazy then renders
 * the page in the same pass, without suspending. That is required for a prerendered page (it must
 * not suspend while it hydrates) and spares a client-rendered one a first paint without it. Reached
 * by a client-side navigation instead, the page suspends while its chunk loads: into its own
 * boundary's skeleton (`lazyScreen`), or, for the contact page, which has none, as a transition
 * that keeps the previous page on screen.
 */
function preloadablePage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loaded: { default: ComponentType } | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = { default: pick(module) }),
      (error: unknown) => {
        loading = undefined; // a later render may try again
        throw error;
      },
    );
    return loading;
  };
  const Page = lazy(() => {
    if (!loaded) return preload();
    const module = loaded;
    // Not a Promise (its callback runs synchronously), which is the point; React only calls `then`.
    // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable, on purpose (see above)
    return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
  });
  return { Page, preload };
}

const contact = preloadablePage(
  () => import("../pages/contact/contact-page.js"),
  (module) => module.ContactPage,
);
const ContactPage = contact.Page;

// Screens outside the prerendered public site load on demand: the auth screens, the payment
// screen and the account area are three separate chunks.
const loadAuth = () => import("../pages/auth/index.js");
const loadPayment = () => import("../pages/payment/index.js");
const loadAccount = () => import("../pages/account/index.js");
const loadUnsubscribe = () => import("../pages/unsubscribe/index.js");

// The public screens that load on demand are preloadable too: opened directly, their code loads
// before the first render (spa/start.tsx), so the first paint already has the screen, not an empty main
// that the screen then fills, pushing the footer down (Lighthouse measured CLS 0.29 on /login).
const login = preloadablePage(loadAuth, (module) => module.LoginPage);
const register = preloadablePage(loadAuth, (module) => module.RegisterPage);
const forgotPassword = preloadablePage(loadAuth, (module) => module.ForgotPasswordPage);
const signupConfirmation = preloadablePage(loadAuth, (module) => module.SignupConfirmationPage);
const recoveryConfirmation = preloadablePage(loadAuth, (module) => module.RecoveryConfirmationPage);
const resetPassword = preloadablePage(loadAuth, (module) => module.ResetPasswordPage);
const payment = preloadablePage(loadPayment, (module) => module.PaymentPage);
const unsubscribe = preloadablePage(loadUnsubscribe, (module) => module.UnsubscribePage);

const PRELOAD_BY_PATH: Record<string, () => Promise<unknown>> = {
  [PATHS.contact]: contact.preload,
  [PATHS.login]: login.preload,
  [PATHS.register]: register.preload,
  [PATHS.forgotPassword]: forgotPassword.preload,
  [PATHS.emailConfirmation]: signupConfirmation.preload,
  [PATHS.emailConfirmationResetPass]: recoveryConfirmation.preload,
  [PATHS.resetPassword]: resetPassword.preload,
  [PATHS.payment]: payment.preload,
  [PATHS.unsubscribe]: unsubscribe.preload,
};

/** Loads the code of the page at `pathname` if that page loads on demand. */
export function preloadRoute(pathname: string): Promise<unknown> {
  const preload = PRELOAD_BY_PATH[routeKey(pathname)];
  return preload ? preload() : Promise.resolve();
}

const AccountLayout = lazyNamed(loadAccount, "AccountLayout");
const ProfilePage = lazyNamed(loadAccount, "ProfilePage");
const SubscriptionPage = lazyNamed(loadAccount, "SubscriptionPage");
const PaymentsPage = lazyNamed(loadAccount, "PaymentsPage");
const ChangePasswordPage = lazyNamed(loadAccount, "ChangePasswordPage");
const ChangePasswordResetPage = lazyNamed(loadAccount, "ChangePasswordResetPage");
const SecurityPage = lazyNamed(loadAccount, "SecurityPage");
const DeleteAccountPage = lazyNamed(loadAccount, "DeleteAccountPage");
const DevicesPage = lazyNamed(loadAccount, "DevicesPage");
const AccountSupportPage = lazyNamed(loadAccount, "AccountSupportPage");

/** The route table of docs/product.md §2.1, one entry per row. */
export const routes: RouteObject[] = [
  { path: PATHS.root, element: <Navigate to={PATHS.home} replace /> },
  {
    element: <PublicLayout />,
    children: [
      { path: PATHS.home, element: <HomePage /> },
      { path: PATHS.supportCenter, element: <SupportCenterPage /> },
      { path: PATHS.faq, element: <FaqPage /> },
      { path: PATHS.terms, element: <TermsPage /> },
      { path: PATHS.privacy, element: <PrivacyPage /> },
      // Prerendered form pages: the page is the island (components/island-names.ts).
      {
        path: PATHS.contact,
        element: (
          <Island name="contact">
            <ContactPage />
          </Island>
        ),
      },
      { path: PATHS.login, element: <Island name="login">{lazyScreen(login.Page)}</Island> },
      { path: PATHS.register, element: <Island name="register">{lazyScreen(register.Page)}</Island> },
      {
        path: PATHS.forgotPassword,
        element: <Island name="forgotPassword">{lazyScreen(forgotPassword.Page)}</Island>,
      },
      { path: PATHS.emailConfirmation, element: lazyScreen(signupConfirmation.Page) },
      { path: PATHS.emailConfirmationResetPass, element: lazyScreen(recoveryConfirmation.Page) },
      { path: PATHS.resetPassword, element: lazyScreen(resetPassword.Page) },
      { path: PATHS.payment, element: lazyScreen(payment.Page) },
      { path: PATHS.unsubscribe, element: lazyScreen(unsubscribe.Page) },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
  {
    element: <ProtectedRoute />,
    children: [
      {
        element: lazyScreen(AccountLayout, <AccountLayoutSkeleton />),
        children: [
          { path: PATHS.account.profile, element: lazyScreen(ProfilePage) },
          { path: PATHS.account.subscription, element: lazyScreen(SubscriptionPage) },
          { path: PATHS.account.payments, element: lazyScreen(PaymentsPage) },
          { path: PATHS.account.changePassword, element: lazyScreen(ChangePasswordPage) },
          { path: PATHS.account.changePasswordReset, element: lazyScreen(ChangePasswordResetPage) },
          { path: PATHS.account.security, element: lazyScreen(SecurityPage) },
          { path: PATHS.account.devices, element: lazyScreen(DevicesPage) },
          { path: PATHS.account.delete, element: lazyScreen(DeleteAccountPage) },
          { path: PATHS.account.support, element: lazyScreen(AccountSupportPage) },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
