import { render, screen } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import * as React from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "vitest-axe";
import { ThemeSwitch } from "./theme-switch.js";
import type { ThemeValue } from "./theme-switch-button.js";

// "region" is a page-level rule; an isolated component outside any landmark cannot satisfy it.
const axeOptions = { rules: { region: { enabled: false } } };

const labels = { system: "System", light: "Light", dark: "Dark" };

function Fixture({ onValueChange }: { onValueChange: (value: ThemeValue) => void }) {
  const [value, setValue] = React.useState<ThemeValue>("system");
  return (
    <ThemeSwitch
      label="Theme"
      labels={labels}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange(next);
      }}
    />
  );
}

describe("given a ThemeSwitch following the system", () => {
  let user: UserEvent;
  let onValueChange: ReturnType<typeof vi.fn<(value: ThemeValue) => void>>;

  beforeEach(() => {
    user = userEvent.setup();
    onValueChange = vi.fn<(value: ThemeValue) => void>();
    render(<Fixture onValueChange={onValueChange} />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body, axeOptions)).toHaveNoViolations();
  });

  it("should name the trigger with the label and the current choice", () => {
    expect(screen.getByRole("button", { name: "Theme: System" })).toHaveAttribute("aria-haspopup", "menu");
  });

  describe("when the trigger is activated with the keyboard", () => {
    beforeEach(async () => {
      screen.getByRole("button", { name: "Theme: System" }).focus();
      await user.keyboard("{Enter}");
    });

    it("should have no accessibility violations while open", async () => {
      expect(await axe(document.body, axeOptions)).toHaveNoViolations();
    });

    it("should offer the three choices as radio items, the current one checked", () => {
      const items = screen.getAllByRole("menuitemradio");
      expect(items.map((item) => item.textContent)).toEqual(["System", "Light", "Dark"]);
      expect(screen.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");
      expect(screen.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "false");
    });

    it("should report a choice made with the arrows and Enter, show it and return focus", async () => {
      await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
      expect(onValueChange).toHaveBeenCalledWith("dark");
      const trigger = screen.getByRole("button", { name: "Theme: Dark" });
      expect(trigger).toHaveFocus();
      expect(trigger).toHaveAttribute("data-value", "dark");
    });

    it("should close on Escape without choosing", async () => {
      await user.keyboard("{ArrowDown}{Escape}");
      expect(screen.queryByRole("menu")).not.toBeInTheDocument();
      expect(onValueChange).not.toHaveBeenCalled();
      expect(screen.getByRole("button", { name: "Theme: System" })).toHaveFocus();
    });
  });
});
