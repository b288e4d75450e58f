import { LANGUAGES, type Language } from "@veil/contracts/constants";
import { LanguageSwitchButton, type LanguageSwitchProps, useBeforeHydration } from "@veil/ui";
import { useId, useLayoutEffect, useRef } from "react";
import { useLanguage } from "../i18n/i18n-provider.js";
import { useT } from "../i18n/use-t.js";
import { NativeLanguageList } from "./native-language-list.js";
import { onDemandMenu, useOnDemandMenu } from "./on-demand-menu.js";

/**
 * The Radix dropdown is not needed until someone opens the menu, so the page renders (and the
 * prerenderer writes) the switch's own button alone, and the menu's code loads when the pointer or
 * focus reaches the button (on-demand-menu.ts).
 */
const languageSwitch = onDemandMenu<LanguageSwitchProps>(() =>
  import("@veil/ui/language-switch").then((module) => module.LanguageSwitch),
);

/**
 * The language dropdown of the public header and the account layout (English, Russian). `iconOnly`
 * shows the globe without the language name (still read as the button's name), see
 * LanguageSwitchButton.
 */
export function LanguageMenu({ size, iconOnly }: { size?: "sm" | "md"; iconOnly?: boolean | "below-sm" }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const languages = LANGUAGES.map((value) => ({ value, label: t(`language.${value}`), lang: value }));
  const { Menu: Switch, openOnLoad, button, buttonProps } = useOnDemandMenu(languageSwitch);
  // Server HTML: the button opens a native popover list (NativeLanguageList), so the first tap is
  // answered before any script; hydrated, the Radix menu is the switch.
  const native = useBeforeHydration();
  const listId = useId();
  const list = useRef<HTMLDivElement>(null);

  // The native list was open when React took over: the Radix menu replaces it, open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useLayoutEffect(() => {
    if (list.current?.matches?.(":popover-open")) buttonProps.onClick();
  }, []);

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
        iconOnly={iconOnly}
        defaultOpen={openOnLoad}
      />
    );
  }
  return (
    <>
      <LanguageSwitchButton
        ref={button}
        label={label}
        language={languages.find((l) => l.value === language)}
        size={size}
        iconOnly={iconOnly}
        {...buttonProps}
        // A popover's button: the browser tells its state (expanded, collapsed) itself.
        aria-haspopup={native ? undefined : "menu"}
        aria-expanded={native ? undefined : false}
        popoverTarget={native ? listId : undefined}
      />
      <NativeLanguageList ref={list} id={listId} languages={languages} current={language} onChoose={onValueChange} />
    </>
  );
}
