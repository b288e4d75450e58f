import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeSwitch, ThemeSwitchButton, type ThemeSwitchProps } from "@veil/ui";
import { describe, expect, it } from "vitest";
import { type OnDemandMenu, onDemandMenu, useOnDemandMenu } from "./on-demand-menu.js";

const LABELS = { system: "System", light: "Light", dark: "Dark" };

/** A header menu as the app builds one (theme-menu.tsx). */
function Header({ menu }: { menu: OnDemandMenu<ThemeSwitchProps> }) {
  const { Menu, openOnLoad, button, buttonProps } = useOnDemandMenu(menu);
  const props = { label: "Theme", labels: LABELS, value: "system" as const };
  if (Menu) return <Menu ref={button} {...props} onValueChange={() => {}} defaultOpen={openOnLoad} />;
  return <ThemeSwitchButton ref={button} {...props} {...buttonProps} />;
}

/** Its menu code, arriving when the test calls `arrive`. */
function slowMenu() {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { menu: onDemandMenu<ThemeSwitchProps>(() => arrived.then(() => ThemeSwitch)), arrive };
}

describe("a menu whose code loads on demand", () => {
  it("opened by Enter before its code has arrived, puts focus on the first choice as a keyboard open does", async () => {
    const user = userEvent.setup();
    const { menu, arrive } = slowMenu();
    render(<Header menu={menu} />);
    await user.tab();
    expect(screen.getByRole("button", { name: "Theme: System" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("menu")).toBeNull();

    arrive();
    const first = await screen.findByRole("menuitemradio", { name: "System" });
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(screen.getByRole("menuitemradio", { name: "Light" })).toHaveFocus());
  });

  it("opened by the pointer before its code has arrived, leaves focus on the list, as a pointer open does", async () => {
    const user = userEvent.setup();
    const { menu, arrive } = slowMenu();
    render(<Header menu={menu} />);
    await user.click(screen.getByRole("button", { name: "Theme: System" }));
    arrive();
    const list = await screen.findByRole("menu");
    await waitFor(() => expect(list).toHaveFocus());
  });

  it("after the code has arrived, focus stays on the button that had it", async () => {
    const user = userEvent.setup();
    const { menu, arrive } = slowMenu();
    render(<Header menu={menu} />);
    await user.tab();
    arrive();
    await waitFor(() => expect(screen.getByRole("button", { name: "Theme: System" })).toHaveAttribute("id"));
    expect(screen.getByRole("button", { name: "Theme: System" })).toHaveFocus();
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
