import { LANGUAGES, type Language } from "@veil/contracts/constants";
import { LanguageSwitchButton, type LanguageSwitchProps } from "@veil/ui";
import { type ComponentType, useEffect, useRef, useState } from "react";
import { useLanguage } from "../i18n/i18n-provider.js";
import { useT } from "../i18n/use-t.js";

/**
 * The Radix dropdown (menu, popper, floating-ui, roving focus: ≈ 18 KB gzip) is not needed until
 * someone opens the menu, so the page renders (and the prerenderer writes) the switch's own button
 * alone, and the menu's code loads when the pointer or focus reaches the button. Once loaded, every
 * language menu renders the real switch.
 */
let LoadedSwitch: ComponentType<LanguageSwitchProps> | null = null;
let loading: Promise<ComponentType<LanguageSwitchProps>> | null = null;
function loadSwitch(): Promise<ComponentType<LanguageSwitchProps>> {
  loading ??= import("@veil/ui/language-switch").then(
    (module) => (LoadedSwitch = module.LanguageSwitch),
    (error: unknown) => {
      loading = null; // the next attempt tries again
      throw error;
    },
  );
  return loading;
}

/** Keys that open the Radix trigger's menu. */
const OPEN_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/** The language dropdown of the public header and the account layout (English, Russian). */
export function LanguageMenu({ size }: { size?: "sm" | "md" }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const languages = LANGUAGES.map((value) => ({ value, label: t(`language.${value}`), lang: value }));
  // Hydration renders what the prerenderer wrote (the button alone); the switch takes over after.
  const [Switch, setSwitch] = useState<ComponentType<LanguageSwitchProps> | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const hadFocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (LoadedSwitch) setSwitch(() => LoadedSwitch);
  }, []);

  // The button that had focus is replaced by the switch's trigger: focus moves with it (unless the
  // menu opens, which takes focus itself and gives it back to the trigger when it closes).
  useEffect(() => {
    if (Switch && hadFocus.current && !openOnLoad) button.current?.focus();
  }, [Switch, openOnLoad]);

  function load(open: boolean) {
    if (open) setOpenOnLoad(true);
    void loadSwitch().then((loaded) => {
      hadFocus.current = document.activeElement !== null && document.activeElement === button.current;
      setSwitch(() => loaded);
    });
  }

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
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={() => load(false)}
      onFocus={() => load(false)}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) load(true);
      }}
      onKeyDown={(event) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        load(true);
      }}
      onClick={() => load(true)}
    />
  );
}
