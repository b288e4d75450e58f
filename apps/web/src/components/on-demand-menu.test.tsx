import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeSwitch, ThemeSwitchButton, type ThemeSwitchProps } from "@veil/ui";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
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

  describe("on a page that has gone idle", () => {
    afterEach(() => {
      cleanup(); // unmounts (cancelling the idle callback) while the stubs are still in place
      vi.unstubAllGlobals();
    });

    /** The browser's idle callback and visibility observer, run by hand. */
    function idleBrowser() {
      let shown: (entries: { isIntersecting: boolean }[]) => void = () => {};
      let idle: (() => void) | null = null;
      vi.stubGlobal(
        "IntersectionObserver",
        class {
          constructor(callback: typeof shown) {
            shown = callback;
          }
          observe() {}
          disconnect() {}
        },
      );
      vi.stubGlobal("requestIdleCallback", (callback: () => void) => {
        idle = callback;
        return 1;
      });
      vi.stubGlobal("cancelIdleCallback", () => {
        idle = null;
      });
      return {
        show: (isIntersecting: boolean) => act(() => shown([{ isIntersecting }])),
        goIdle: () => act(() => idle?.()),
        waiting: () => idle !== null,
      };
    }

    it("puts the real menu in place once its button shows, without a hand on it", async () => {
      const browser = idleBrowser();
      const { menu, arrive } = slowMenu();
      render(<Header menu={menu} />);
      browser.show(true);
      browser.goIdle();
      arrive();
      // Radix's trigger carries the id its menu will point back to; the stand-in button has none.
      await waitFor(() => expect(screen.getByRole("button", { name: "Theme: System" })).toHaveAttribute("id"));
      expect(screen.queryByRole("menu")).toBeNull();
      expect(screen.getByRole("button", { name: "Theme: System" })).not.toHaveFocus();
    });

    it("leaves a focused button to the keyboard: no swap under the visitor's focus", async () => {
      const user = userEvent.setup();
      const browser = idleBrowser();
      const menu = onDemandMenu<ThemeSwitchProps>(() => new Promise(() => {}));
      const load = vi.spyOn(menu, "load");
      render(<Header menu={menu} />);
      await user.tab(); // focus loads it by hand, as before
      expect(load).toHaveBeenCalledTimes(1);
      browser.show(true);
      browser.goIdle();
      expect(load).toHaveBeenCalledTimes(1);
    });

    it("after a press whose code failed to load, a later load does not open the menu by itself", async () => {
      const user = userEvent.setup();
      const browser = idleBrowser();
      let fail: () => void = () => {};
      const first = new Promise<never>((_, reject) => {
        fail = () => reject(new Error("offline"));
      });
      let attempt = 0;
      const menu = onDemandMenu<ThemeSwitchProps>(() => (++attempt === 1 ? first : Promise.resolve(ThemeSwitch)));
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      render(<Header menu={menu} />);
      const button = screen.getByRole("button", { name: "Theme: System" });
      await user.click(button);
      fail();
      await waitFor(() => expect(warn).toHaveBeenCalled());
      await user.unhover(button);
      act(() => button.blur());
      expect(button.matches(":focus, :hover")).toBe(false);
      browser.show(true);
      browser.goIdle();
      await waitFor(() => expect(screen.getByRole("button", { name: "Theme: System" })).toHaveAttribute("id"));
      expect(screen.queryByRole("menu")).toBeNull();
      expect(attempt).toBe(2);
    });

    it("leaves a hidden button alone (in the closed mobile menu), also one that hid again before the page went idle", async () => {
      const browser = idleBrowser();
      const { menu, arrive } = slowMenu();
      render(<Header menu={menu} />);
      browser.show(false);
      expect(browser.waiting()).toBe(false);
      browser.show(true);
      expect(browser.waiting()).toBe(true);
      browser.show(false);
      expect(browser.waiting()).toBe(false);
      browser.goIdle();
      arrive();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.getByRole("button", { name: "Theme: System" })).not.toHaveAttribute("id");
    });
  });
});
