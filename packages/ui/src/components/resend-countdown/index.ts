export {
  DEFAULT_RESEND_SECONDS,
  formatCountdown,
  ResendCountdown,
  type ResendCountdownHandle,
  type ResendCountdownProps,
  resendCountdownVariants,
} from "./resend-countdown.js";
