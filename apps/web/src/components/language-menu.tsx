import { LANGUAGES, type Language } from "@veil/contracts/constants";
import { LanguageSwitchButton, type LanguageSwitchProps } from "@veil/ui";
import { useLanguage } from "../i18n/i18n-provider.js";
import { useT } from "../i18n/use-t.js";
import { onDemandMenu, useOnDemandMenu } from "./on-demand-menu.js";

/**
 * The Radix dropdown is not needed until someone opens the menu, so the page renders (and the
 * prerenderer writes) the switch's own button alone, and the menu's code loads when the pointer or
 * focus reaches the button (on-demand-menu.ts).
 */
const languageSwitch = onDemandMenu<LanguageSwitchProps>(() =>
  import("@veil/ui/language-switch").then((module) => module.LanguageSwitch),
);

/** The language dropdown of the public header and the account layout (English, Russian). */
export function LanguageMenu({ size }: { size?: "sm" | "md" }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const languages = LANGUAGES.map((value) => ({ value, label: t(`language.${value}`), lang: value }));
  const { Menu: Switch, openOnLoad, button, buttonProps } = useOnDemandMenu(languageSwitch);

  const label = t("language.label");
  const onValueChange = (value: string) => void setLanguage(value as Language);

  if (Switch) {
    return (
      <Switch
        ref={button}
        label={label}
        languages={languages}
        value={language}
        onValueChange={onValueChange}
        size={size}
        defaultOpen={openOnLoad}
      />
    );
  }
  return (
    <LanguageSwitchButton
      ref={button}
      label={label}
      language={languages.find((l) => l.value === language)}
      size={size}
      {...buttonProps}
    />
  );
}
