import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { axe } from "../../test/axe.js";
import { Spinner } from "../spinner/spinner.js";
import { Skeleton } from "./skeleton.js";

function LoadingList() {
  return (
    <div aria-busy="true">
      <Spinner label="Loading payments" className="sr-only" />
      <Skeleton shape="heading" className="w-40" />
      <Skeleton className="w-64" />
      <Skeleton shape="circle" className="size-10" />
    </div>
  );
}

describe("given Skeletons in a loading region", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(<LoadingList />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should hide every placeholder from assistive technology", () => {
    const { container } = render(<LoadingList />);
    const skeletons = container.querySelectorAll("[data-slot='skeleton']");
    expect(skeletons).toHaveLength(3);
    for (const skeleton of skeletons) expect(skeleton).toHaveAttribute("aria-hidden", "true");
  });

  it("should leave the loading message to the region", () => {
    render(<LoadingList />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading payments");
  });

  it("should only shimmer when motion is welcome", () => {
    const { container } = render(<Skeleton />);
    const classes = container.firstElementChild?.getAttribute("class") ?? "";
    expect(classes).toContain("motion-safe:after:animate-shimmer");
    expect(classes).not.toMatch(/(^|\s)after:animate-/);
  });
});
