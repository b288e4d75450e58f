export { CopyButton, type CopyButtonProps, type CopyState, copyButtonVariants } from "./copy-button.js";
export { copyText } from "./copy-text.js";
