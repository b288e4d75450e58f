/** Every route of docs/product.md §2.1, named once. Screens link through these, never through string literals. */
export const PATHS = {
  root: "/",
  home: "/home",
  supportCenter: "/supportcenter",
  faq: "/faq",
  terms: "/termsofuse",
  privacy: "/privacy",
  contact: "/contactus",
  login: "/login",
  register: "/register",
  forgotPassword: "/forgotpassword",
  emailConfirmation: "/emailconfirmation",
  emailConfirmationResetPass: "/emailconfirmation_reset_pass",
  resetPassword: "/resetpassword",
  payment: "/payment",
  /** Unsubscribe from renewal reminders: the mail's signed link (docs/product.md §11.3). */
  unsubscribe: "/unsubscribe",
  account: {
    profile: "/account/profile",
    subscription: "/account/subscription",
    payments: "/account/payments",
    changePassword: "/account/change-password",
    changePasswordReset: "/account/change-password/reset",
    /** Sessions and two-factor sign-in (docs/product.md §11.5). */
    security: "/account/security",
    /** VPN devices and their WireGuard configs (docs/product.md, "Devices"). */
    devices: "/account/devices",
    delete: "/account/delete",
    support: "/account/supportcenter",
  },
} as const;

/**
 * Pages whose HTML is prerendered at build time: content that needs no session and no query
 * (the code screens read `?email=`, reset needs a recovery session, payment a plan and a session).
 */
export const PRERENDERED_PATHS = [
  PATHS.home,
  PATHS.supportCenter,
  PATHS.faq,
  PATHS.terms,
  PATHS.privacy,
  PATHS.contact,
  PATHS.login,
  PATHS.register,
  PATHS.forgotPassword,
] as const;

/**
 * A pathname as the router matches it: case-insensitive, trailing slashes ignored (`/Login/` is
 * `/login`; the server also serves a prerendered page at its trailing-slash URL).
 */
export function routeKey(pathname: string): string {
  return pathname.toLowerCase().replace(/\/+$/, "") || "/";
}

/** Pages on which the public header's action button offers support instead of login (docs/product.md §2.4). */
export const AUTH_PAGES: readonly string[] = [
  PATHS.login,
  PATHS.register,
  PATHS.forgotPassword,
  PATHS.emailConfirmation,
  PATHS.emailConfirmationResetPass,
  PATHS.resetPassword,
];

/** `/payment?planId=…` for a plan. */
export function paymentPath(planId: number): string {
  return `${PATHS.payment}?planId=${planId}`;
}

/** Every path the app answers (besides `/`, which redirects); anything else is the 404 page. */
export const APP_ROUTE_PATHS: readonly string[] = Object.values(PATHS).flatMap((value) =>
  typeof value === "string" ? [value] : Object.values(value),
);
