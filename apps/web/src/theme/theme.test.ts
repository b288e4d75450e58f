import { afterEach, describe, expect, it } from "vitest";
import { applyTheme, detectThemeChoice, startTheme, storeThemeChoice, toThemeChoice } from "./theme.js";

const clear = () => {
  window.localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the test page's cookie
  document.cookie = "theme=; Path=/; Max-Age=0";
  document.documentElement.removeAttribute("data-theme");
};
afterEach(clear);

describe("the saved theme (localStorage, else the cookie the server reads, else the system)", () => {
  it("follows the system when nothing was chosen", () => {
    expect(detectThemeChoice()).toBe("system");
  });

  it("reads the stored choice, ignoring values that are not a theme", () => {
    window.localStorage.setItem("theme", "dark");
    expect(detectThemeChoice()).toBe("dark");
    window.localStorage.setItem("theme", "purple");
    expect(detectThemeChoice()).toBe("system");
    expect(toThemeChoice("light")).toBe("light");
    expect(toThemeChoice("LIGHT")).toBeUndefined();
  });

  it("keeps the choice the cookie holds when storage was cleared", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the app wrote earlier
    document.cookie = "theme=light; Path=/";
    expect(detectThemeChoice()).toBe("light");
  });
});

describe("choosing a theme", () => {
  it("pins light or dark on <html> and lets the system decide again for System", () => {
    applyTheme("dark");
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    applyTheme("light");
    expect(document.documentElement.getAttribute("data-theme")).toBe("light");
    applyTheme("system");
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
  });

  it("remembers the choice in localStorage and in the cookie the server reads", () => {
    storeThemeChoice("dark");
    expect(window.localStorage.getItem("theme")).toBe("dark");
    expect(document.cookie).toContain("theme=dark");
    storeThemeChoice("system");
    expect(document.cookie).toContain("theme=system");
  });
});

describe("at start-up", () => {
  it("applies a choice kept only in localStorage and copies it to the cookie", () => {
    window.localStorage.setItem("theme", "dark");
    startTheme();
    expect(document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(document.cookie).toContain("theme=dark");
  });

  it("leaves the page to the system setting and writes no cookie when nothing was chosen", () => {
    startTheme();
    expect(document.documentElement.hasAttribute("data-theme")).toBe(false);
    expect(document.cookie).not.toContain("theme=");
  });
});
