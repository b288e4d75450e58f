import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { axe } from "vitest-axe";
import type { NavLinkItem, RenderLink } from "../../lib/link.js";
import { LanguageSwitch } from "../language-switch/language-switch.js";
import { Header } from "./header.js";

const links: NavLinkItem[] = [
  { href: "/privacy", label: "Privacy" },
  { href: "/termsofuse", label: "Terms" },
  { href: "/contactus", label: "Contact" },
];

// Stands in for a router's Link: navigates client-side, so the browser must not follow the href.
const routerLink: RenderLink = ({ href, children, onClick, ...props }) => (
  <a
    href={`/app${href}`}
    onClick={(event) => {
      event.preventDefault();
      onClick?.(event);
    }}
    {...props}
  >
    {children}
  </a>
);

function renderHeader(props: Partial<React.ComponentProps<typeof Header>> = {}) {
  return render(
    <>
      <Header
        name="Veil"
        homeHref="/home"
        links={links}
        currentHref="/termsofuse"
        navLabel="Main"
        menuLabel="Menu"
        skipLinkLabel="Skip to content"
        languageSwitch={<button type="button">Language: English</button>}
        action={<a href="/login">Log in</a>}
        renderLink={routerLink}
        {...props}
      />
      <main id="main">Content</main>
    </>,
  );
}

function scrollWindowTo(y: number) {
  act(() => {
    window.scrollY = y;
    fireEvent.scroll(window);
  });
}

describe("given a default Header", () => {
  let user: UserEvent;

  beforeEach(() => {
    user = userEvent.setup();
    renderHeader();
  });

  afterEach(() => {
    window.scrollY = 0;
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should put the links inside a labelled navigation landmark", () => {
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Privacy" })).toBeInTheDocument();
  });

  it("should mark only the current page's link with aria-current", () => {
    expect(screen.getByRole("link", { name: "Terms" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Privacy" })).not.toHaveAttribute("aria-current");
  });

  it("should link the product name home", () => {
    expect(screen.getByRole("link", { name: "Veil" })).toHaveAttribute("href", "/app/home");
  });

  it("should offer a skip link to the main content first", async () => {
    await user.tab();
    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveFocus();
    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
  });

  it("should render a collapsed menu button that controls the links panel", () => {
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(panel).toContainElement(screen.getByRole("link", { name: "Privacy" }));
  });

  it("should have no scrolled look at the top of the page", () => {
    expect(screen.getByRole("banner")).not.toHaveAttribute("data-scrolled");
  });

  it("should not get the scrolled look at exactly the threshold", () => {
    scrollWindowTo(10);
    expect(screen.getByRole("banner")).not.toHaveAttribute("data-scrolled");
  });

  it("should get the scrolled look once the page is scrolled past 10 px", () => {
    scrollWindowTo(11);
    expect(screen.getByRole("banner")).toHaveAttribute("data-scrolled");
  });

  it("should lose the scrolled look when scrolled back to the top", () => {
    scrollWindowTo(200);
    scrollWindowTo(0);
    expect(screen.getByRole("banner")).not.toHaveAttribute("data-scrolled");
  });

  describe("when the menu button is activated", () => {
    beforeEach(async () => {
      await user.click(screen.getByRole("button", { name: "Menu" }));
    });

    it("should have no accessibility violations while open", async () => {
      expect(await axe(document.body)).toHaveNoViolations();
    });

    it("should report the menu as expanded", () => {
      expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
    });

    it("should close on Escape from a link and return focus to the menu button", async () => {
      await user.tab(); // from the menu button into the first link
      expect(screen.getByRole("link", { name: "Privacy" })).toHaveFocus();
      await user.keyboard("{Escape}");
      const toggle = screen.getByRole("button", { name: "Menu" });
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(toggle).toHaveFocus();
    });

    it("should close when a link is followed", async () => {
      await user.click(screen.getByRole("link", { name: "Contact" }));
      expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    });

    it("should close when the menu button is activated again", async () => {
      await user.click(screen.getByRole("button", { name: "Menu" }));
      expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    });
  });
});

describe("given a Header with a custom threshold and the default link renderer", () => {
  beforeEach(() => {
    renderHeader({ scrollThreshold: 100, renderLink: undefined });
  });

  afterEach(() => {
    window.scrollY = 0;
  });

  it("should render plain anchors with the given hrefs", () => {
    expect(screen.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
  });

  it("should mark the current link on plain anchors too", () => {
    expect(screen.getByRole("link", { name: "Terms" })).toHaveAttribute("aria-current", "page");
  });

  it("should wait for the custom threshold before the scrolled look", () => {
    scrollWindowTo(50);
    expect(screen.getByRole("banner")).not.toHaveAttribute("data-scrolled");
    scrollWindowTo(101);
    expect(screen.getByRole("banner")).toHaveAttribute("data-scrolled");
  });
});

describe("given a Header whose open menu holds a LanguageSwitch", () => {
  let user: UserEvent;

  beforeEach(async () => {
    user = userEvent.setup();
    renderHeader({
      languageSwitch: (
        <LanguageSwitch
          label="Language"
          value="en"
          onValueChange={() => {}}
          languages={[
            { value: "en", label: "English", lang: "en" },
            { value: "ru", label: "Русский", lang: "ru" },
          ]}
        />
      ),
    });
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(screen.getByRole("button", { name: "Language: English" }));
  });

  it("should have no accessibility violations with both open", async () => {
    // The language menu is portalled outside any landmark, which only an isolated test sees.
    expect(await axe(document.body, { rules: { region: { enabled: false } } })).toHaveNoViolations();
  });

  it("should close only the language menu on Escape inside it", async () => {
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: "Language: English" })).toHaveFocus();
  });

  it("should close the header menu on a second Escape", async () => {
    await user.keyboard("{Escape}{Escape}");
    expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("button", { name: "Menu" })).toHaveFocus();
  });
});

describe("given a Header rendered on the server and then hydrated", () => {
  it("should open the menu as a native popover in the server HTML, and hand the button to React once hydrated", async () => {
    const { renderToString } = await import("react-dom/server");
    const { hydrateRoot } = await import("react-dom/client");
    const header = <Header name="Veil" links={links} navLabel="Main" menuLabel="Menu" />;
    const container = document.createElement("div");
    container.innerHTML = renderToString(header);
    document.body.append(container);
    const toggle = () => within(container).getByRole("button", { name: "Menu" });
    const panel = container.querySelector("[data-slot='header-panel']");
    // Server HTML: the browser opens the panel (and tells the button's state) without script.
    expect(panel).toHaveAttribute("popover", "auto");
    expect(toggle()).toHaveAttribute("popovertarget", panel?.id);
    expect(toggle()).not.toHaveAttribute("aria-expanded");

    const root = await act(async () => hydrateRoot(container, header));
    // Hydrated: React drives the panel; the popover button is gone, so a tap toggles once.
    expect(toggle()).not.toHaveAttribute("popovertarget");
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    expect(panel).toHaveAttribute("data-state", "open");
    act(() => root.unmount());
    container.remove();
  });
});
