export { LanguageSwitch, type LanguageSwitchProps } from "./language-switch.js";
export {
  type LanguageOption,
  LanguageSwitchButton,
  type LanguageSwitchButtonProps,
  languageSwitchTriggerVariants,
} from "./language-switch-button.js";
