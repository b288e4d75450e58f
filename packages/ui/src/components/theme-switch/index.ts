export { ThemeSwitch, type ThemeSwitchProps } from "./theme-switch.js";
export {
  THEME_ICONS,
  type ThemeLabels,
  ThemeSwitchButton,
  type ThemeSwitchButtonProps,
  type ThemeValue,
} from "./theme-switch-button.js";
