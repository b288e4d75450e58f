import { composeStories } from "@storybook/react-vite";
import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { axe } from "vitest-axe";
import type { RenderLink } from "../../lib/link.js";
import { Footer, type FooterLinkGroup } from "./footer.js";
import * as stories from "./footer.stories.js";

// The Playground story (privacy page current) is the fixture: tests and Storybook show the same footer.
const { Playground } = composeStories(stories);

describe("given a Footer on the privacy page", () => {
  beforeEach(() => {
    render(<Playground />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should be the contentinfo landmark with a labelled navigation inside", () => {
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("navigation", { name: "Footer" })).toBeInTheDocument();
  });

  it("should give each column a heading followed by a list of its links", () => {
    const heading = screen.getByRole("heading", { level: 2, name: "Sections" });
    const list = heading.nextElementSibling as HTMLElement;
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(within(list).getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "#pricing");
  });

  it("should render three columns", () => {
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(3);
  });

  it("should mark the current page's link with aria-current", () => {
    expect(screen.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("aria-current", "page");
  });

  it("should leave the other links unmarked", () => {
    const marked = screen.getAllByRole("link").filter((link) => link.hasAttribute("aria-current"));
    expect(marked).toHaveLength(1);
  });

  it("should show the brand block and the legal line", () => {
    expect(screen.getByText(/A private, fast VPN/)).toBeInTheDocument();
    expect(screen.getByText("© 2026 Veil. All rights reserved.")).toBeInTheDocument();
  });
});

describe("given a Footer with a router link renderer and an explicit current flag", () => {
  beforeEach(() => {
    const renderLink: RenderLink = ({ href, children, ...props }) => (
      <a href={`/app${href}`} {...props}>
        {children}
      </a>
    );
    const flagged: FooterLinkGroup[] = [
      { heading: "Help", links: [{ href: "/supportcenter", label: "Refunds", current: true }] },
    ];
    render(<Footer groups={flagged} navLabel="Footer" headingLevel={3} renderLink={renderLink} />);
  });

  it("should render links through the renderer", () => {
    expect(screen.getByRole("link", { name: "Refunds" })).toHaveAttribute("href", "/app/supportcenter");
  });

  it("should honour the link's own current flag", () => {
    expect(screen.getByRole("link", { name: "Refunds" })).toHaveAttribute("aria-current", "page");
  });

  it("should use the requested heading level", () => {
    expect(screen.getByRole("heading", { level: 3, name: "Help" })).toBeInTheDocument();
  });
});
