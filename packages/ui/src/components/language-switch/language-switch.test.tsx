import { render, screen } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import * as React from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "vitest-axe";
import { type LanguageOption, LanguageSwitch } from "./language-switch.js";

// "region" is a page-level rule (all content inside landmarks); an isolated component outside any
// landmark cannot satisfy it. The app's page-level axe run keeps it on.
const axeOptions = { rules: { region: { enabled: false } } };

const languages: LanguageOption[] = [
  { value: "en", label: "English", lang: "en" },
  { value: "ru", label: "Русский", lang: "ru" },
];

function Fixture({ onValueChange }: { onValueChange?: (value: string) => void }) {
  const [value, setValue] = React.useState("en");
  return (
    <LanguageSwitch
      languages={languages}
      value={value}
      label="Language"
      onValueChange={(next) => {
        setValue(next);
        onValueChange?.(next);
      }}
    />
  );
}

describe("given a LanguageSwitch set to English", () => {
  let user: UserEvent;
  let onValueChange: ReturnType<typeof vi.fn<(value: string) => void>>;

  beforeEach(() => {
    user = userEvent.setup();
    onValueChange = vi.fn<(value: string) => void>();
    render(<Fixture onValueChange={onValueChange} />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body, axeOptions)).toHaveNoViolations();
  });

  it("should name the trigger with the label and the current language", () => {
    expect(screen.getByRole("button", { name: "Language: English" })).toHaveAttribute("aria-haspopup", "menu");
  });

  it("should mark the current language name with its lang", () => {
    const trigger = screen.getByRole("button", { name: "Language: English" });
    expect(trigger.querySelector("[lang]")).toHaveAttribute("lang", "en");
  });

  describe("when the trigger is activated with the keyboard", () => {
    beforeEach(async () => {
      screen.getByRole("button", { name: "Language: English" }).focus();
      await user.keyboard("{Enter}");
    });

    it("should have no accessibility violations while open", async () => {
      expect(await axe(document.body, axeOptions)).toHaveNoViolations();
    });

    it("should offer every language as a radio item with the current one checked", () => {
      expect(screen.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("aria-checked", "true");
      expect(screen.getByRole("menuitemradio", { name: "Русский" })).toHaveAttribute("aria-checked", "false");
    });

    it("should give each language name its own lang attribute", () => {
      expect(screen.getByRole("menuitemradio", { name: "Русский" })).toHaveAttribute("lang", "ru");
      expect(screen.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("lang", "en");
    });

    it("should report the chosen language", async () => {
      await user.click(screen.getByRole("menuitemradio", { name: "Русский" }));
      expect(onValueChange).toHaveBeenCalledWith("ru");
    });

    it("should show the chosen language on the trigger and return focus to it", async () => {
      await user.keyboard("{ArrowDown}{Enter}");
      const trigger = screen.getByRole("button", { name: "Language: Русский" });
      expect(trigger).toHaveFocus();
    });

    it("should close on Escape and return focus to the trigger", async () => {
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("menu")).not.toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Language: English" })).toHaveFocus();
    });
  });
});

describe("given a LanguageSwitch inside a header landmark", () => {
  it("should open its menu inside the same landmark, so page-level landmark rules hold", async () => {
    const user = userEvent.setup();
    render(
      <header>
        <LanguageSwitch languages={languages} value="en" label="Language" onValueChange={() => {}} />
      </header>,
    );
    await user.click(screen.getByRole("button", { name: "Language: English" }));
    expect(screen.getByRole("banner")).toContainElement(screen.getByRole("menu"));
    expect(await axe(document.body)).toHaveNoViolations();
  });
});

describe("given an icon-only LanguageSwitch", () => {
  it("should keep the label and the language in its name while hiding the name visually", async () => {
    render(<LanguageSwitch languages={languages} value="ru" label="Язык" iconOnly onValueChange={() => {}} />);
    const trigger = screen.getByRole("button", { name: "Язык: Русский" });
    expect(trigger.querySelector("[lang]")).toHaveClass("sr-only");
    expect(await axe(document.body, axeOptions)).toHaveNoViolations();
  });

  it("should hide the name only below the sm breakpoint when asked to", () => {
    render(
      <LanguageSwitch languages={languages} value="en" label="Language" iconOnly="below-sm" onValueChange={() => {}} />,
    );
    const name = screen.getByRole("button", { name: "Language: English" }).querySelector("[lang]");
    expect(name).toHaveClass("max-sm:sr-only");
    expect(name).not.toHaveClass("sr-only");
  });
});
