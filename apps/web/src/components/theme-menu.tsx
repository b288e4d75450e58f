import { ThemeSwitchButton, type ThemeSwitchProps } from "@veil/ui";
import { useT } from "../i18n/use-t.js";
import { useThemeChoice } from "../theme/use-theme-choice.js";
import { onDemandMenu, useOnDemandMenu } from "./on-demand-menu.js";

/** The menu's code (the Radix dropdown, shared with the language menu) loads on demand. */
const themeSwitch = onDemandMenu<ThemeSwitchProps>(() =>
  import("@veil/ui/theme-switch").then((module) => module.ThemeSwitch),
);

/**
 * The colour theme dropdown (System, Light, Dark) next to the language switch: the choice applies
 * at once (`data-theme` on <html>) and is remembered like the language (src/theme/theme.ts).
 */
export function ThemeMenu({ size }: { size?: "sm" | "md" }) {
  const t = useT();
  const [choice, setChoice] = useThemeChoice();
  const { Menu: Switch, openOnLoad, button, buttonProps } = useOnDemandMenu(themeSwitch);
  const label = t("theme.label");
  const labels = { system: t("theme.system"), light: t("theme.light"), dark: t("theme.dark") };

  if (Switch) {
    return (
      <Switch
        ref={button}
        label={label}
        labels={labels}
        value={choice}
        onValueChange={setChoice}
        size={size}
        defaultOpen={openOnLoad}
      />
    );
  }
  return <ThemeSwitchButton ref={button} label={label} labels={labels} value={choice} size={size} {...buttonProps} />;
}
