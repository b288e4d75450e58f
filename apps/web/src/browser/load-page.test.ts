import { describe, expect, it } from "vitest";
import { loadPage, type PageLocation } from "./load-page.js";

/** A page at `href` that records the loads asked of it. */
function pageAt(href: string) {
  const loads: string[] = [];
  const location: PageLocation = {
    href,
    origin: new URL(href).origin,
    assign: (url) => loads.push(`assign ${url}`),
    replace: (url) => loads.push(`replace ${url}`),
  };
  return { location, loads };
}

describe("a full page load for the start-up's navigations", () => {
  it("loads an app path of this site, keeping its query and anchor", () => {
    const { location, loads } = pageAt("https://veil.example/privacy");
    loadPage("/payment?planId=2#pay", {}, location);
    expect(loads).toEqual(["assign https://veil.example/payment?planId=2#pay"]);
  });

  it("takes this page's place in the history when the navigation replaced", () => {
    const { location, loads } = pageAt("https://veil.example/login");
    loadPage("/account/profile", { replace: true }, location);
    expect(loads).toEqual(["replace https://veil.example/account/profile"]);
  });

  it.each(["https://elsewhere.example/", "//elsewhere.example/login", "javascript:alert(1)"])(
    "never leaves the site (%s)",
    (url) => {
      const { location, loads } = pageAt("https://veil.example/privacy");
      loadPage(url, {}, location);
      expect(loads).toEqual([]);
    },
  );
});
