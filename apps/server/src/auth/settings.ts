/**
 * GET /settings: what this server offers, in GoTrue's shape (supabase-js reads it). Only e-mail
 * with password and codes; no external providers, no phone, no auto-confirm.
 */
import type { Config } from "../config/index.js";

export function settings(config: Pick<Config, "AUTH_DISABLE_SIGNUP">) {
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      email: true,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      phone: false,
      saml: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
    },
    disable_signup: config.AUTH_DISABLE_SIGNUP,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
  };
}
