import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "vitest-axe";
import { PlanList, type PlanListPlan } from "./plan-list.js";

const plans: PlanListPlan[] = [
  { id: "week", title: "1 Week", price: 2, days: "7 days" },
  { id: "month", title: "1 Month", price: 5, days: "30 days" },
  { id: "halfYear", title: "6 Months", price: 25, days: "180 days" },
  { id: "year", title: "1 Year", price: 45, days: "365 days" },
];

const labels = {
  label: "Plans",
  ctaLabel: "Choose",
  emptyText: "No plans are available right now.",
  previousLabel: "Previous plan",
  nextLabel: "Next plan",
  highlightedBadge: "Best value",
};

/**
 * jsdom has no layout: give the carousel track the geometry of a 300 px wide viewport showing one
 * 280 px card at a time (4 cards → 1120 px), and make scrollTo move it as a browser would.
 */
function layOutCarousel() {
  const track = within(screen.getByRole("region", { name: "Plans" })).getAllByRole("list")[0] as HTMLElement;
  Object.defineProperty(track, "clientWidth", { configurable: true, value: 300 });
  Object.defineProperty(track, "scrollWidth", { configurable: true, value: 1120 });
  for (const card of Array.from(track.children)) {
    Object.defineProperty(card, "offsetWidth", { configurable: true, value: 280 });
  }
  track.scrollTo = ((options: ScrollToOptions) => {
    track.scrollLeft = Math.max(0, Math.min(options.left ?? 0, 1120 - 300));
    fireEvent.scroll(track);
  }) as typeof track.scrollTo;
  act(() => {
    fireEvent.scroll(track);
  });
  return track;
}

describe("given a PlanList of the four plans", () => {
  let user: UserEvent;
  let onChoose: ReturnType<typeof vi.fn<(plan: PlanListPlan) => void>>;

  beforeEach(() => {
    user = userEvent.setup();
    onChoose = vi.fn<(plan: PlanListPlan) => void>();
    render(<PlanList plans={plans} onChoose={onChoose} {...labels} />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should be a region named by its label", () => {
    expect(screen.getByRole("region", { name: "Plans" })).toBeInTheDocument();
  });

  it("should show every plan as a titled card in order", () => {
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "1 Week",
      "1 Month",
      "6 Months",
      "1 Year",
    ]);
  });

  it("should highlight the fourth plan with the badge", () => {
    const year = screen.getByRole("article", { name: "1 Year" });
    expect(within(year).getByText("Best value")).toBeInTheDocument();
    expect(screen.getAllByText("Best value")).toHaveLength(1);
  });

  it("should report the chosen plan", async () => {
    await user.click(screen.getByRole("button", { name: "Choose 6 Months" }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: "halfYear" }));
  });

  it("should disable the previous arrow at the start", () => {
    layOutCarousel();
    expect(screen.getByRole("button", { name: "Previous plan" })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("button", { name: "Next plan" })).not.toHaveAttribute("aria-disabled");
  });

  it("should scroll one card forward with the next arrow", async () => {
    const track = layOutCarousel();
    await user.click(screen.getByRole("button", { name: "Next plan" }));
    expect(track.scrollLeft).toBe(280);
    expect(screen.getByRole("button", { name: "Previous plan" })).not.toHaveAttribute("aria-disabled");
  });

  it("should scroll back with the previous arrow", async () => {
    const track = layOutCarousel();
    await user.click(screen.getByRole("button", { name: "Next plan" }));
    await user.click(screen.getByRole("button", { name: "Previous plan" }));
    expect(track.scrollLeft).toBe(0);
  });

  it("should disable the next arrow at the end and keep focus on it", async () => {
    layOutCarousel();
    const next = screen.getByRole("button", { name: "Next plan" });
    await user.click(next);
    await user.click(next);
    await user.click(next);
    expect(next).toHaveAttribute("aria-disabled", "true");
    expect(next).toHaveFocus();
  });

  it("should not scroll past the end", async () => {
    const track = layOutCarousel();
    const next = screen.getByRole("button", { name: "Next plan" });
    for (let i = 0; i < 5; i++) await user.click(next);
    expect(track.scrollLeft).toBe(820);
  });
});

describe("given a PlanList with a different highlighted index", () => {
  it("should highlight that plan instead", () => {
    render(<PlanList plans={plans} highlightedIndex={1} {...labels} />);
    expect(within(screen.getByRole("article", { name: "1 Month" })).getByText("Best value")).toBeInTheDocument();
  });
});

describe("given a PlanList with no plans", () => {
  beforeEach(() => {
    render(<PlanList plans={[]} {...labels} />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should show the empty text inside the labelled region", () => {
    const region = screen.getByRole("region", { name: "Plans" });
    expect(within(region).getByText("No plans are available right now.")).toBeInTheDocument();
  });

  it("should show no carousel arrows", () => {
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("given a PlanList rendered on the server (prerendered page, before its script runs)", () => {
  it("should offer the next arrow and not the previous one, as a carousel first shows", () => {
    const html = renderToString(<PlanList plans={plans} {...labels} />);
    const page = new DOMParser().parseFromString(html, "text/html");
    expect(page.querySelector("[aria-label='Next plan']")?.hasAttribute("aria-disabled")).toBe(false);
    expect(page.querySelector("[aria-label='Previous plan']")?.getAttribute("aria-disabled")).toBe("true");
  });
});
