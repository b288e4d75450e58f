import { describe, expect, it } from "vitest";
import { detectBrowserLanguage, detectLanguage, storeLanguage, syncLanguageCookie, toLanguage } from "./language.js";

describe("language detection (docs/product.md §1.2: stored, browser, page, then en)", () => {
  it("prefers the stored value", () => {
    expect(detectLanguage({ stored: "ru", browser: ["en-US"], page: "en" })).toBe("ru");
  });
  it("falls back to the browser language when nothing usable is stored", () => {
    expect(detectLanguage({ stored: null, browser: ["ru-RU", "en"], page: "en" })).toBe("ru");
    expect(detectLanguage({ stored: "de", browser: ["ru"], page: "en" })).toBe("ru");
  });
  it("takes the first supported browser language", () => {
    expect(detectLanguage({ browser: ["de-DE", "ru", "en"] })).toBe("ru");
  });
  it("then the page language", () => {
    expect(detectLanguage({ browser: ["fr-FR"], page: "ru" })).toBe("ru");
  });
  it("ends at en", () => {
    expect(detectLanguage({ browser: ["fr"], page: "" })).toBe("en");
    expect(detectLanguage({})).toBe("en");
  });
  it("reads tags case-insensitively with region and underscore forms", () => {
    expect(toLanguage("RU_ru")).toBe("ru");
    expect(toLanguage("en-GB")).toBe("en");
    expect(toLanguage("uk")).toBeUndefined();
  });
});

describe("remembering the language (localStorage for the app, a cookie for the server)", () => {
  const clearCookie = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = "lang=; Path=/; Max-Age=0";
  };

  it("stores a choice in both places", () => {
    clearCookie();
    storeLanguage("ru");
    expect(window.localStorage.getItem("lang")).toBe("ru");
    expect(document.cookie).toContain("lang=ru");
  });

  it("copies a choice stored before the cookie existed to the cookie at start-up", () => {
    clearCookie();
    window.localStorage.setItem("lang", "ru");
    syncLanguageCookie();
    expect(document.cookie).toContain("lang=ru");
  });

  it("writes no cookie when nothing was chosen", () => {
    clearCookie();
    window.localStorage.removeItem("lang");
    syncLanguageCookie();
    expect(document.cookie).not.toContain("lang=");
  });
});

describe("the saved choice in this browser (localStorage, else the cookie the server reads)", () => {
  const setCookie = (value: string) => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    document.cookie = value;
  };

  it("keeps the language of a page the server chose by the cookie when storage holds nothing", () => {
    window.localStorage.removeItem("lang");
    setCookie("lang=ru; Path=/");
    expect(navigator.languages[0]).toMatch(/^en/);
    expect(detectBrowserLanguage()).toBe("ru");
  });

  it("prefers localStorage over the cookie", () => {
    window.localStorage.setItem("lang", "en");
    setCookie("lang=ru; Path=/");
    expect(detectBrowserLanguage()).toBe("en");
  });

  it("ignores a cookie naming no supported language", () => {
    window.localStorage.removeItem("lang");
    setCookie("lang=de; Path=/");
    expect(detectBrowserLanguage()).toBe("en");
    setCookie("lang=; Path=/; Max-Age=0");
  });
});
