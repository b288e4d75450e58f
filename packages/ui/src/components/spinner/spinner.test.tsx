import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { axe } from "../../test/axe.js";
import { Spinner } from "./spinner.js";

describe("given a labelled Spinner", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(<Spinner label="Loading payments" />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should be a status named by its label", () => {
    render(<Spinner label="Loading payments" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading payments");
  });

  it("should hide the spinning icon from assistive technology", () => {
    render(<Spinner label="Loading payments" />);
    expect(screen.getByRole("status").querySelector("svg")).toHaveAttribute("aria-hidden", "true");
  });

  it("should only spin when the user has not asked for reduced motion", () => {
    render(<Spinner label="Loading" />);
    const icon = screen.getByRole("status").querySelector("svg");
    expect(icon?.getAttribute("class")).toContain("motion-safe:animate-spin");
    expect(icon?.getAttribute("class")).not.toMatch(/(^|\s)animate-spin/);
  });
});

describe("given a Spinner without a label", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(<Spinner />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should be decorative and not announce anything", () => {
    const { container } = render(<Spinner />);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute("aria-hidden", "true");
  });
});
