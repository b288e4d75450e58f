import { afterEach, describe, expect, it } from "vitest";
import { applyHead, renderHead } from "./page-meta.js";

afterEach(() => {
  document.head.innerHTML = "";
});

describe("page meta", () => {
  it("renders title, description, keywords, canonical and social tags, escaped", () => {
    const head = renderHead({
      title: 'Veil "VPN" <fast>',
      description: "Private & fast",
      keywords: "vpn",
      canonicalPath: "/home",
    });
    expect(head).toContain("<title>Veil &quot;VPN&quot; &lt;fast&gt;</title>");
    expect(head).toContain('name="description" content="Private &amp; fast"');
    expect(head).toContain('name="keywords" content="vpn"');
    expect(head).toMatch(/rel="canonical" href="https?:\/\/[^"]+\/home"/);
    expect(head).toContain('property="og:title"');
    expect(head).toContain('name="twitter:card"');
  });

  it("updates the document head and drops tags the next page does not have", () => {
    applyHead({ title: "A", description: "first", keywords: "k", canonicalPath: "/a" });
    expect(document.title).toBe("A");
    expect(document.head.querySelector('meta[name="keywords"]')).not.toBeNull();
    applyHead({ title: "B", description: "second", noIndex: true });
    expect(document.title).toBe("B");
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute("content")).toBe("second");
    expect(document.head.querySelector('meta[name="keywords"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
  });
});
