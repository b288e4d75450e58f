import { render, screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "vitest-axe";
import { PaymentsTable, type PaymentsTableProps, type PaymentsTableRow } from "./payments-table.js";

function makeRows(count: number): PaymentsTableRow[] {
  const statuses = ["success", "pending", "rejected"] as const;
  return Array.from({ length: count }, (_, index) => ({
    id: `p${index + 1}`,
    date: `${index + 1} Nov 2026`,
    amount: "$45.00",
    method: "Cryptocurrency (USDT)",
    status: statuses[index % 3] ?? "success",
  }));
}

const labels: Omit<PaymentsTableProps, "rows"> = {
  caption: "Payment history",
  columns: { date: "Date", amount: "Amount", method: "Method", status: "Status" },
  statusLabels: { success: "Paid", pending: "In progress", rejected: "Rejected" },
  viewAllLabel: "View all",
  hideLabel: "Hide",
  countText: (shown, total) => `Showing ${shown} of ${total}`,
  emptyText: "No payments yet",
  loadingLabel: "Loading payments",
};

function renderTable(props: Partial<PaymentsTableProps> & { rows: PaymentsTableRow[] }) {
  // Inside <main> as on the account page: axe's "region" rule wants content in landmarks.
  return render(
    <main>
      <PaymentsTable {...labels} {...props} />
    </main>,
  );
}

const bodyRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

describe("given a PaymentsTable with 12 payments", () => {
  let user: UserEvent;
  let onExpandedChange: ReturnType<typeof vi.fn<(expanded: boolean) => void>>;

  beforeEach(() => {
    user = userEvent.setup();
    onExpandedChange = vi.fn<(expanded: boolean) => void>();
    renderTable({ rows: makeRows(12), onExpandedChange });
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should be a table named by its caption", () => {
    expect(screen.getByRole("table", { name: "Payment history" })).toBeInTheDocument();
  });

  it("should have column headers date, amount, method and status scoped to columns", () => {
    const headers = screen.getAllByRole("columnheader");
    expect(headers.map((header) => header.textContent)).toEqual(["Date", "Amount", "Method", "Status"]);
    for (const header of headers) expect(header).toHaveAttribute("scope", "col");
  });

  it("should use the date as each row's header", () => {
    expect(screen.getByRole("rowheader", { name: "1 Nov 2026" })).toHaveAttribute("scope", "row");
  });

  it("should show only the first 5 payments", () => {
    expect(bodyRows()).toHaveLength(5);
    expect(screen.queryByRole("rowheader", { name: "6 Nov 2026" })).not.toBeInTheDocument();
  });

  it("should show each status with its label, pending as 'In progress'", () => {
    const [first, second, third] = bodyRows();
    expect(first).toHaveTextContent("Paid");
    expect(second).toHaveTextContent("In progress");
    expect(third).toHaveTextContent("Rejected");
  });

  it("should offer a collapsed view-all toggle that controls the rows", () => {
    const toggle = screen.getByRole("button", { name: "View all" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const controlled = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(controlled).toContainElement(bodyRows()[0] ?? null);
  });

  it("should show the count in a polite status", () => {
    const statuses = screen.getAllByRole("status").map((status) => status.textContent);
    expect(statuses).toContain("Showing 5 of 12");
  });

  it("should not mark the table expanded", () => {
    expect(screen.getByRole("main").firstElementChild).toHaveAttribute("data-state", "closed");
  });

  describe("when view all is activated", () => {
    beforeEach(async () => {
      await user.click(screen.getByRole("button", { name: "View all" }));
    });

    it("should have no accessibility violations", async () => {
      expect(await axe(document.body)).toHaveNoViolations();
    });

    it("should show all 12 payments", () => {
      expect(bodyRows()).toHaveLength(12);
    });

    it("should update the live count", () => {
      const statuses = screen.getAllByRole("status").map((status) => status.textContent);
      expect(statuses).toContain("Showing 12 of 12");
    });

    it("should keep focus on the toggle, now named Hide and expanded", () => {
      const toggle = screen.getByRole("button", { name: "Hide" });
      expect(toggle).toHaveFocus();
      expect(toggle).toHaveAttribute("aria-expanded", "true");
    });

    it("should mark the table expanded", () => {
      expect(screen.getByRole("main").firstElementChild).toHaveAttribute("data-state", "open");
    });

    it("should report the change", () => {
      expect(onExpandedChange).toHaveBeenCalledWith(true);
    });

    it("should go back to 5 rows on Hide", async () => {
      await user.click(screen.getByRole("button", { name: "Hide" }));
      expect(bodyRows()).toHaveLength(5);
      expect(screen.getByRole("button", { name: "View all" })).toHaveFocus();
    });
  });
});

describe("given a PaymentsTable with exactly 5 payments", () => {
  beforeEach(() => {
    renderTable({ rows: makeRows(5) });
  });

  it("should show them all without a toggle", () => {
    expect(bodyRows()).toHaveLength(5);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("given a PaymentsTable with a custom initial count", () => {
  it("should show that many rows first", () => {
    renderTable({ rows: makeRows(4), initialCount: 2 });
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByText("Showing 2 of 4")).toBeInTheDocument();
  });
});

describe("given a PaymentsTable with no payments", () => {
  beforeEach(() => {
    renderTable({ rows: [] });
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should show the empty text inside the table", () => {
    expect(within(screen.getByRole("table")).getByRole("heading", { name: "No payments yet" })).toBeInTheDocument();
  });

  it("should show no toggle", () => {
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("given a loading PaymentsTable", () => {
  beforeEach(() => {
    renderTable({ rows: makeRows(8), loading: true });
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should mark the table busy", () => {
    expect(screen.getByRole("table", { name: "Payment history" })).toHaveAttribute("aria-busy", "true");
  });

  it("should say that it is loading", () => {
    expect(screen.getByRole("status")).toHaveTextContent("Loading payments");
  });

  it("should show placeholder rows instead of data", () => {
    expect(bodyRows()).toHaveLength(3);
    expect(screen.queryByRole("rowheader")).not.toBeInTheDocument();
  });

  it("should not show the toggle or the empty text", () => {
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByText("No payments yet")).not.toBeInTheDocument();
  });
});

describe("given a hidden caption", () => {
  it("should still name the table", () => {
    renderTable({ rows: makeRows(1), hideCaption: true });
    expect(screen.getByRole("table", { name: "Payment history" })).toBeInTheDocument();
  });
});

describe("given a table wider than its box", () => {
  beforeEach(() => {
    // jsdom has no layout: make every element report content wider than its box.
    vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(320);
    renderTable({ rows: makeRows(3) });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should wrap it in a focusable region named by the caption", async () => {
    const region = screen.getByRole("region", { name: "Payment history" });
    await userEvent.setup().tab();
    expect(region).toHaveFocus();
  });
});

describe("given a table that fits", () => {
  it("should not add a region or a Tab stop", () => {
    renderTable({ rows: makeRows(3) });
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
  });
});
