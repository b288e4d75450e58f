import { act, fireEvent, screen } from "@testing-library/react";
import { Link, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PageHeading } from "../components/page-heading.js";
import { renderAt } from "../test-utils.js";
import { NavigationEffects } from "./navigation-effects.js";
import { RouteAnnouncer } from "./route-announcer.js";

function App() {
  return (
    <>
      <NavigationEffects />
      <Routes>
        <Route
          path="/a"
          element={
            <>
              <PageHeading>Page A</PageHeading>
              <Link to="/b">to b</Link>
              <Link to="/b#target">to b target</Link>
            </>
          }
        />
        <Route
          path="/b"
          element={
            <>
              <PageHeading>Page B</PageHeading>
              <div id="target">target</div>
            </>
          }
        />
      </Routes>
      <RouteAnnouncer />
    </>
  );
}

describe("navigation effects (docs/product.md §2.3)", () => {
  const scrollTo = vi.fn();
  const scrollIntoView = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    Element.prototype.scrollIntoView = scrollIntoView;
    window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    vi.useRealTimers();
    scrollTo.mockReset();
    scrollIntoView.mockReset();
  });

  it("leaves focus alone on the first load", () => {
    renderAt("/a", <App />);
    expect(screen.getByRole("heading", { name: "Page A" })).not.toHaveFocus();
  });

  it("scrolls to the top, focuses the new main heading and announces it after a navigation", () => {
    renderAt("/a", <App />);
    fireEvent.click(screen.getByRole("link", { name: "to b" }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
    expect(screen.getByRole("heading", { name: "Page B" })).toHaveFocus();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByTestId("route-announcer")).toHaveTextContent("Page B");
  });

  it("scrolls smoothly to the hash target after 100 ms, instantly with reduced motion", () => {
    renderAt("/a", <App />);
    fireEvent.click(screen.getByRole("link", { name: "to b target" }));
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(99));
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });

    window.matchMedia = vi.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    renderAt("/b#target", <App />);
    act(() => vi.advanceTimersByTime(100));
    expect(scrollIntoView).toHaveBeenLastCalledWith({ behavior: "auto", block: "start" });
  });
});
