import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "vitest-axe";
import { PlanCard } from "./plan-card.js";

describe("given a default PlanCard", () => {
  let onChoose: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    onChoose = vi.fn<() => void>();
    // Inside <main> as on a real page: axe's "region" rule wants content in landmarks.
    render(
      <main>
        <PlanCard
          title="1 Month"
          price={5}
          period="/ month"
          days="30 days"
          description="Try every feature."
          features={["All servers", "5 devices"]}
          ctaLabel="Choose"
          onChoose={onChoose}
        />
      </main>,
    );
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should title the plan with a level-3 heading", () => {
    expect(screen.getByRole("heading", { level: 3, name: "1 Month" })).toBeInTheDocument();
  });

  it("should be an article named by its title", () => {
    expect(screen.getByRole("article", { name: "1 Month" })).toBeInTheDocument();
  });

  it("should show the price in dollars with its period and duration", () => {
    expect(screen.getByText("$5")).toBeInTheDocument();
    expect(screen.getByText("/ month")).toBeInTheDocument();
    expect(screen.getByText("30 days")).toBeInTheDocument();
  });

  it("should list the features", () => {
    const list = screen.getByRole("list");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["All servers", "5 devices"]);
  });

  it("should name the CTA with its label and the plan", () => {
    expect(screen.getByRole("button", { name: "Choose 1 Month" })).toBeInTheDocument();
  });

  it("should call onChoose when the CTA is activated", async () => {
    await userEvent.setup().click(screen.getByRole("button", { name: "Choose 1 Month" }));
    expect(onChoose).toHaveBeenCalledTimes(1);
  });

  it("should not show a badge when not highlighted", () => {
    expect(screen.queryByText("Best value")).not.toBeInTheDocument();
  });
});

describe("given a highlighted PlanCard with a pre-formatted price", () => {
  beforeEach(() => {
    render(
      <main>
        <PlanCard
          title="1 Year"
          headingLevel={2}
          price="45 $"
          highlighted
          badge="Best value"
          ctaLabel="Choose"
          renderCta={({ children }) => <a href="/payment?planId=year">{children}</a>}
        />
      </main>,
    );
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should show the badge text", () => {
    expect(screen.getByText("Best value")).toBeInTheDocument();
  });

  it("should show the price exactly as given", () => {
    expect(screen.getByText("45 $")).toBeInTheDocument();
  });

  it("should use the requested heading level", () => {
    expect(screen.getByRole("heading", { level: 2, name: "1 Year" })).toBeInTheDocument();
  });

  it("should keep the plan in the name of a custom CTA", () => {
    expect(screen.getByRole("link", { name: "Choose 1 Year" })).toHaveAttribute("href", "/payment?planId=year");
  });
});

describe("given a numeric price and no formatPrice", () => {
  it.each([
    [45, "$45"],
    [2.5, "$2.50"],
    [1000, "$1,000"],
  ])("should show %s as %s (zero cents dropped, real ones kept)", (price, shown) => {
    render(<PlanCard title="1 Year" price={price} ctaLabel="Choose" />);
    expect(screen.getByText(shown)).toBeInTheDocument();
  });
});
