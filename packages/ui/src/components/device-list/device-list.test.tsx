import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { axe } from "../../test/axe.js";
import { Button } from "../button/button.js";
import { DeviceList, DeviceListItem } from "./device-list.js";

function Example({ loading = false }: { loading?: boolean }) {
  return (
    <DeviceList label="Your devices" loading={loading} loadingLabel="Loading devices">
      <DeviceListItem
        name="Happy Seagull"
        details={[
          { term: "Addresses", value: "10.64.0.7/32, fd00:7665:696c::7/128" },
          { term: "Added", value: "26 Nov 2026" },
        ]}
        actions={<Button aria-label="Rename Happy Seagull">Rename</Button>}
      />
      <DeviceListItem name="Весёлая чайка" busy />
    </DeviceList>
  );
}

describe("given a DeviceList", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(<Example />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should be a named list whose items are named by their headings", () => {
    render(<Example />);
    const list = screen.getByRole("list", { name: "Your devices" });
    const item = within(list).getByRole("listitem", { name: "Happy Seagull" });
    expect(within(item).getByRole("heading", { level: 3, name: "Happy Seagull" })).toBeInTheDocument();
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
  });

  it("should give each item's facts as terms and definitions", () => {
    render(<Example />);
    const item = screen.getByRole("listitem", { name: "Happy Seagull" });
    const terms = within(item)
      .getAllByRole("term")
      .map((t) => t.textContent);
    const values = within(item)
      .getAllByRole("definition")
      .map((d) => d.textContent);
    expect(terms).toEqual(["Addresses", "Added"]);
    expect(values[0]).toBe("10.64.0.7/32, fd00:7665:696c::7/128");
  });

  it("should keep an item's actions inside the item", () => {
    render(<Example />);
    const item = screen.getByRole("listitem", { name: "Happy Seagull" });
    expect(within(item).getByRole("button", { name: "Rename Happy Seagull" })).toBeInTheDocument();
  });

  it("should mark a busy item", () => {
    render(<Example />);
    expect(screen.getByRole("listitem", { name: "Весёлая чайка" })).toHaveAttribute("aria-busy", "true");
  });

  it("should announce loading and hide the placeholders while loading", async () => {
    const { container } = render(<Example loading />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading devices");
    expect(screen.queryByRole("list")).toBeNull();
    expect(container.querySelector("[data-slot=device-list]")).toHaveAttribute("aria-busy", "true");
    expect(await axe(container)).toHaveNoViolations();
  });
});
