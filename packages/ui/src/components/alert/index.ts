export { Alert, type AlertLive, type AlertProps, alertVariants, InlineError, type InlineErrorProps } from "./alert.js";
