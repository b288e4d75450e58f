import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { axe } from "../../test/axe.js";
import { type Status, StatusBadge } from "./status-badge.js";

const LABELS: Record<Status, string> = {
  success: "Paid",
  pending: "In progress",
  rejected: "Rejected",
  active: "Active",
  inactive: "Inactive",
};

describe("given a StatusBadge for each status", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(
      <div>
        {Object.entries(LABELS).map(([status, label]) => (
          <StatusBadge key={status} status={status as Status}>
            {label}
          </StatusBadge>
        ))}
      </div>,
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should say its status in the text it is given", () => {
    render(<StatusBadge status="pending">В обработке</StatusBadge>);
    expect(screen.getByText("В обработке")).toBeInTheDocument();
  });

  it("should expose only its text to assistive technology", () => {
    render(<StatusBadge status="rejected">Rejected</StatusBadge>);
    const badge = screen.getByText("Rejected");
    expect(badge).toHaveTextContent(/^Rejected$/);
    for (const decoration of badge.querySelectorAll("svg, span")) {
      expect(decoration.closest("[aria-hidden='true']")).not.toBeNull();
    }
  });

  it("should expose its status for styling hooks", () => {
    render(<StatusBadge status="success">Paid</StatusBadge>);
    expect(screen.getByText("Paid")).toHaveAttribute("data-status", "success");
  });
});
