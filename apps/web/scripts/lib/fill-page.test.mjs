// @vitest-environment node
import { describe, expect, it } from "vitest";
import { assertShell, fillPage } from "./fill-page.mjs";

const SHELL = [
  '<!doctype html><html lang="en"><head>',
  "<!--page-head--><title>Veil</title><!--/page-head-->",
  '</head><body><div id="root"></div></body></html>',
].join("");

describe("fillPage", () => {
  it("should put the language, the head and the page into the shell", () => {
    const html = fillPage(SHELL, { language: "ru", head: "<title>Тарифы</title>", root: '<div id="root">x</div>' });
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain("<!--page-head-->\n    <title>Тарифы</title>\n    <!--/page-head-->");
    expect(html).toContain('<body><div id="root">x</div></body>');
    expect(html).not.toContain("<title>Veil</title>");
  });

  it("should keep dollar patterns in a page's text as written", () => {
    const text = "Pay $& now, $' later, $` never, $$ twice";
    const html = fillPage(SHELL, {
      language: "en",
      head: `<title>${text}</title>`,
      root: `<div id="root">${text}</div>`,
    });
    expect(html).toContain(`<title>${text}</title>`);
    expect(html).toContain(`<div id="root">${text}</div></body></html>`);
    expect(html.match(/<html/g)).toHaveLength(1);
  });
});

describe("assertShell", () => {
  it("should refuse a shell without the page-head block or the empty root", () => {
    expect(() => assertShell(SHELL)).not.toThrow();
    expect(() => assertShell(SHELL.replace("<!--/page-head-->", ""))).toThrow(/page-head/);
    expect(() => assertShell(SHELL.replace('<div id="root"></div>', '<div id="root">x</div>'))).toThrow(/#root/);
  });
});
