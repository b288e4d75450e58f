import { render, screen } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import * as React from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "vitest-axe";
import { type PlanTabItem, PlanTabs } from "./plan-tabs.js";

const items: PlanTabItem[] = [
  { value: "week", label: "1 Week", detail: "$2 · 7 days" },
  { value: "month", label: "1 Month", detail: "$5 · 30 days" },
  { value: "halfYear", label: "6 Months", detail: "$25 · 180 days" },
  { value: "year", label: "1 Year", detail: "$45 · 365 days" },
];

function Controlled({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [value, setValue] = React.useState("month");
  return (
    <PlanTabs
      items={items}
      label="Plan"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange(next);
      }}
      renderPanel={(item) => <p>Summary of {item.label}</p>}
    />
  );
}

describe("given PlanTabs with the month plan selected", () => {
  let user: UserEvent;
  let onValueChange: ReturnType<typeof vi.fn<(value: string) => void>>;

  beforeEach(() => {
    user = userEvent.setup();
    onValueChange = vi.fn<(value: string) => void>();
    render(
      <main>
        <Controlled onValueChange={onValueChange} />
      </main>,
    );
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should label the tab list", () => {
    expect(screen.getByRole("tablist", { name: "Plan" })).toBeInTheDocument();
  });

  it("should offer four tabs named by plan with their detail", () => {
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "1 Week$2 · 7 days",
      "1 Month$5 · 30 days",
      "6 Months$25 · 180 days",
      "1 Year$45 · 365 days",
    ]);
  });

  it("should select the given plan and show only its panel", () => {
    expect(screen.getByRole("tab", { name: /1 Month/ })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Summary of 1 Month");
  });

  it("should wire each tab to its panel and back by id", () => {
    const tab = screen.getByRole("tab", { name: /1 Month/ });
    const panel = screen.getByRole("tabpanel");
    expect(tab).toHaveAttribute("aria-controls", panel.id);
    expect(panel).toHaveAttribute("aria-labelledby", tab.id);
    expect(screen.getByRole("tabpanel", { name: /1 Month/ })).toBe(panel);
  });

  it("should make only the selected tab a Tab stop", async () => {
    await user.tab();
    expect(screen.getByRole("tab", { name: /1 Month/ })).toHaveFocus();
  });

  describe("when the keyboard is used on the tab list", () => {
    beforeEach(async () => {
      await user.tab();
    });

    it("should select the next plan with ArrowRight", async () => {
      await user.keyboard("{ArrowRight}");
      const tab = screen.getByRole("tab", { name: /6 Months/ });
      expect(tab).toHaveFocus();
      expect(tab).toHaveAttribute("aria-selected", "true");
      expect(onValueChange).toHaveBeenLastCalledWith("halfYear");
    });

    it("should select the previous plan with ArrowLeft", async () => {
      await user.keyboard("{ArrowLeft}");
      expect(screen.getByRole("tab", { name: /1 Week/ })).toHaveAttribute("aria-selected", "true");
    });

    it("should wrap from the last plan to the first with ArrowRight", async () => {
      await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
      expect(screen.getByRole("tab", { name: /1 Week/ })).toHaveAttribute("aria-selected", "true");
    });

    it("should select the last plan with End", async () => {
      await user.keyboard("{End}");
      expect(screen.getByRole("tab", { name: /1 Year/ })).toHaveFocus();
      expect(screen.getByRole("tabpanel")).toHaveTextContent("Summary of 1 Year");
    });

    it("should select the first plan with Home", async () => {
      await user.keyboard("{End}{Home}");
      expect(screen.getByRole("tab", { name: /1 Week/ })).toHaveFocus();
      expect(onValueChange).toHaveBeenLastCalledWith("week");
    });

    it("should move focus into the panel with Tab", async () => {
      await user.tab();
      expect(screen.getByRole("tabpanel")).toHaveFocus();
    });

    it("should have no accessibility violations after switching", async () => {
      await user.keyboard("{End}");
      expect(await axe(document.body)).toHaveNoViolations();
    });
  });

  it("should select a plan on click", async () => {
    await user.click(screen.getByRole("tab", { name: /1 Year/ }));
    expect(onValueChange).toHaveBeenCalledWith("year");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Summary of 1 Year");
  });
});

describe("given uncontrolled PlanTabs with a default value", () => {
  it("should start on the default plan", () => {
    render(<PlanTabs items={items} label="Plan" defaultValue="year" renderPanel={(item) => item.label} />);
    expect(screen.getByRole("tab", { name: /1 Year/ })).toHaveAttribute("aria-selected", "true");
  });
});
