import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import QRCode from "qrcode";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { axe } from "../../test/axe.js";
import { ConfigCard, type ConfigCardProps } from "./config-card.js";
import { qrPath } from "./qr-code.js";

const CONFIG = [
  "[Interface]",
  "PrivateKey = aGVsbG8gd29ybGQgaGVsbG8gd29ybGQgaGVsbG8gd28=",
  "Address = 10.64.0.7/32, fd00:7665:696c::7/128",
  "DNS = 10.64.0.1",
  "",
  "[Peer]",
  "PublicKey = d29ybGQgaGVsbG8gd29ybGQgaGVsbG8gd29ybGQgaGU=",
  "AllowedIPs = 0.0.0.0/0, ::/0",
  "Endpoint = demo.veil.test:51820",
  "",
].join("\n");

const PROPS: ConfigCardProps = {
  title: "Config for Happy Seagull",
  config: CONFIG,
  fileName: "veil-happy-seagull.conf",
  downloadLabel: "Download config",
  copyLabel: "Copy config",
  copiedLabel: "Copied",
  copyFailedLabel: "Could not copy",
  qrLabel: "QR code of the config for Happy Seagull",
  textLabel: "Config as text",
};

afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no text(): read it the old way. */
function readBlob(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error("no blob"));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe("given a ConfigCard", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(<ConfigCard {...PROPS} />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should be a section named by its heading", () => {
    render(<ConfigCard {...PROPS} headingLevel={3} />);
    const heading = screen.getByRole("heading", { level: 3, name: "Config for Happy Seagull" });
    expect(screen.getByRole("region", { name: "Config for Happy Seagull" })).toContainElement(heading);
  });

  it("should show the config as text in a named region", () => {
    render(<ConfigCard {...PROPS} />);
    const text = screen.getByRole("region", { name: "Config as text" });
    expect(text.textContent).toBe(CONFIG);
    expect(text).toHaveAttribute("tabindex", "0");
  });

  it("should draw a QR code with a text alternative", () => {
    render(<ConfigCard {...PROPS} />);
    const image = screen.getByRole("img", { name: "QR code of the config for Happy Seagull" });
    expect(image.querySelector("path")?.getAttribute("d")).toBe(qrPath(CONFIG).path);
  });

  it("should download the config as a file with the given name, built in the browser", async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
    });
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:local/1";
    });
    URL.revokeObjectURL = vi.fn();
    let downloaded: { name: string; href: string } | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = { name: this.download, href: this.href };
    });
    const onDownload = vi.fn();
    render(<ConfigCard {...PROPS} onDownload={onDownload} />);
    await user.click(screen.getByRole("button", { name: "Download config" }));
    expect(downloaded).toEqual({ name: "veil-happy-seagull.conf", href: "blob:local/1" });
    expect(await readBlob(blobs[0])).toBe(CONFIG);
    expect(onDownload).toHaveBeenCalledOnce();
  });

  it("should copy the whole config and announce it", async () => {
    const user = userEvent.setup();
    render(<ConfigCard {...PROPS} />);
    await user.click(screen.getByRole("button", { name: "Copy config" }));
    expect(await navigator.clipboard.readText()).toBe(CONFIG);
    const card = screen.getByRole("region", { name: "Config for Happy Seagull" });
    expect(within(card).getByRole("status")).toHaveTextContent("Copied");
  });

  it("should put download and copy before the text and the QR code in reading order", () => {
    render(<ConfigCard {...PROPS} />);
    const order = [
      screen.getByRole("button", { name: "Download config" }),
      screen.getByRole("button", { name: "Copy config" }),
      screen.getByRole("region", { name: "Config as text" }),
      screen.getByRole("img"),
    ];
    for (let i = 1; i < order.length; i++) {
      // biome-ignore lint/style/noNonNullAssertion: indices are in range
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });
});

describe("qrPath", () => {
  it("should draw exactly the dark modules of the qrcode library's matrix, inside a four-module margin", () => {
    const { modules } = QRCode.create("hello", { errorCorrectionLevel: "M" });
    const { path, size } = qrPath("hello");
    expect(size).toBe(modules.size + 8);
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(path.match(/M/g)).toHaveLength(dark);
    expect(path.startsWith("M")).toBe(true);
    // Top-left finder pattern: its corner module is dark and sits at (4, 4).
    expect(path).toContain("M4 4h1v1h-1z");
  });
});
