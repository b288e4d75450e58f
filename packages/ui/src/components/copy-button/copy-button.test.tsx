import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { axe } from "../../test/axe.js";
import { CopyButton } from "./copy-button.js";

const LABELS = { label: "Copy config", copiedLabel: "Copied", failedLabel: "Could not copy: select the text" };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("given a CopyButton", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(<CopyButton value="secret" {...LABELS} />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should put its value on the clipboard and announce that it did", async () => {
    const user = userEvent.setup();
    render(<CopyButton value={"[Interface]\nAddress = 10.64.0.7/32"} {...LABELS} />);
    await user.click(screen.getByRole("button", { name: "Copy config" }));
    expect(await navigator.clipboard.readText()).toBe("[Interface]\nAddress = 10.64.0.7/32");
    expect(screen.getByRole("status")).toHaveTextContent("Copied");
  });

  it("should keep its name when it has copied, so the name the user heard stays true", async () => {
    const user = userEvent.setup();
    render(<CopyButton value="x" {...LABELS} />);
    await user.click(screen.getByRole("button", { name: "Copy config" }));
    expect(screen.getByRole("button")).toHaveAccessibleName("Copy config");
    expect(screen.getByRole("button").closest("[data-slot=copy-button]")).toHaveAttribute("data-state", "copied");
  });

  it("should read a function value at the moment of the click", async () => {
    const user = userEvent.setup();
    let current = "first";
    render(<CopyButton value={() => current} {...LABELS} />);
    current = "second";
    await user.click(screen.getByRole("button", { name: "Copy config" }));
    expect(await navigator.clipboard.readText()).toBe("second");
  });

  it("should say it failed, not that it copied, when the clipboard refuses and there is no fallback", async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"));
    // jsdom has no execCommand: the fallback cannot copy either.
    const onCopied = vi.fn();
    render(<CopyButton value="x" {...LABELS} onCopied={onCopied} />);
    await user.click(screen.getByRole("button", { name: "Copy config" }));
    expect(screen.getByRole("status")).toHaveTextContent("Could not copy: select the text");
    expect(screen.getByRole("status")).not.toHaveTextContent("Copied");
    expect(onCopied).toHaveBeenCalledWith(false);
  });

  it("should go quiet again after a while", async () => {
    userEvent.setup(); // installs the clipboard
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    render(<CopyButton value="x" resetAfterMs={1000} {...LABELS} />);
    fireEvent.click(screen.getByRole("button", { name: "Copy config" }));
    // The copy is a promise (the clipboard); let it settle. (waitFor polls with the faked setTimeout.)
    for (let i = 0; i < 5; i++) await act(async () => {});
    expect(screen.getByRole("status")).toHaveTextContent("Copied");
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByRole("status")).toHaveTextContent("Copied");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });
});
