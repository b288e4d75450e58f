import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CreditCard, User } from "lucide-react";
import { beforeEach, describe, expect, it } from "vitest";
import { axe } from "vitest-axe";
import { SidebarNav, type SidebarNavItem } from "./sidebar-nav.js";

const items: SidebarNavItem[] = [
  { href: "/account/profile", label: "Profile", icon: <User /> },
  { href: "/account/payments", label: "Payment History", icon: <CreditCard /> },
  { href: "/account/delete", label: "Delete Account", tone: "danger" },
];

describe("given a SidebarNav on the payments page", () => {
  beforeEach(() => {
    render(<SidebarNav label="Account" items={items} currentHref="/account/payments" />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should be a navigation landmark named by its label", () => {
    expect(screen.getByRole("navigation", { name: "Account" })).toBeInTheDocument();
  });

  it("should list every destination as a link named by its text only", () => {
    const list = screen.getByRole("list");
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Profile", "Payment History", "Delete Account"]);
  });

  it("should mark only the current destination with aria-current", () => {
    expect(screen.getByRole("link", { name: "Payment History" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Profile" })).not.toHaveAttribute("aria-current");
  });

  it("should reach every link with Tab in order", async () => {
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole("link", { name: "Profile" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("link", { name: "Payment History" })).toHaveFocus();
  });
});

describe("given a SidebarNav on a page it does not list", () => {
  beforeEach(() => {
    render(<SidebarNav label="Account" items={items} currentHref="/account/other" />);
  });

  it("should mark no link as current", () => {
    expect(screen.getAllByRole("link").some((link) => link.hasAttribute("aria-current"))).toBe(false);
  });
});
