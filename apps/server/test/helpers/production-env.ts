/**
 * The smallest environment production starts with (strong secrets of its own, https, SMTP, the
 * real gateway): config tests add one variable to it and expect the start refused or changed.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  JWT_SECRET: "pV3x9Lq2Zr7Tn4Wb8Kc1Hs6Yd0Fg5Jm2Qa7Ue3Io9",
  MFA_ENCRYPTION_KEY: "Qm7vT2xK9pL4wR8zN1cF6hJ3dS0gB5yEa8Wu",
  SITE_URL: "https://veil.example.com",
  SMTP_URL: "smtp://mail.example:587",
  EXNODE_PUBLIC_KEY: "pub",
  EXNODE_PRIVATE_KEY: "priv",
  EXNODE_CALLBACK_SECRET: "c7e1a94f0b3d28e65f1a0c9d4b7e2f83a6d5c0b1",
} as const;
