import { render, screen } from "@testing-library/react";
import { Receipt } from "lucide-react";
import { describe, expect, it } from "vitest";
import { axe } from "../../test/axe.js";
import { Button } from "../button/button.js";
import { EmptyState } from "./empty-state.js";

function NoPayments({ headingLevel }: { headingLevel?: 2 | 3 | 4 }) {
  return (
    <EmptyState
      icon={<Receipt />}
      title="No payments yet"
      headingLevel={headingLevel}
      description="Your payments will appear here after your first purchase."
      action={
        <Button asChild>
          <a href="/pricing">Choose a plan</a>
        </Button>
      }
    />
  );
}

describe("given an EmptyState with every part", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(<NoPayments />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should title itself with a level-3 heading by default", () => {
    render(<NoPayments />);
    expect(screen.getByRole("heading", { level: 3, name: "No payments yet" })).toBeInTheDocument();
  });

  it("should render the heading level the page asks for", () => {
    render(<NoPayments headingLevel={2} />);
    expect(screen.getByRole("heading", { level: 2, name: "No payments yet" })).toBeInTheDocument();
  });

  it("should show its description and the way forward", () => {
    render(<NoPayments />);
    expect(screen.getByText("Your payments will appear here after your first purchase.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Choose a plan" })).toHaveAttribute("href", "/pricing");
  });

  it("should hide the decorative icon", () => {
    render(<NoPayments />);
    const heading = screen.getByRole("heading", { name: "No payments yet" });
    expect(heading.previousElementSibling).toHaveAttribute("aria-hidden", "true");
  });
});
