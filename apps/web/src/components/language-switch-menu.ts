/** The Radix menu of the language switch, loaded on demand by language-menu.tsx. */
export { LanguageSwitch } from "@veil/ui";
