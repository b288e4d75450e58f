import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as React from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "../../test/axe.js";
import { formatCountdown, ResendCountdown, type ResendCountdownHandle } from "./resend-countdown.js";

const labels = {
  resendLabel: "Resend code",
  countdownText: (time: string) => `Resend code in ${time}`,
  startAnnouncement: (seconds: number) => `You can request a new code in ${seconds} seconds`,
  readyAnnouncement: "You can now request a new code",
};

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe("formatCountdown", () => {
  it.each([
    [30, "00:30"],
    [5, "00:05"],
    [0, "00:00"],
    [90, "01:30"],
  ])("should show %i seconds as %s", (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

describe("given a default ResendCountdown", () => {
  const onResend = vi.fn();
  const onElapsed = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    onResend.mockReset();
    onElapsed.mockReset();
    render(<ResendCountdown {...labels} onResend={onResend} onElapsed={onElapsed} />);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("should have no accessibility violations", async () => {
    vi.useRealTimers();
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should start at 00:30", () => {
    expect(screen.getByRole("timer")).toHaveTextContent("Resend code in 00:30");
  });

  it("should count down once a second", () => {
    advance(1000);
    expect(screen.getByRole("timer")).toHaveTextContent("00:29");
    advance(24_000);
    expect(screen.getByRole("timer")).toHaveTextContent("00:05");
  });

  it("should not offer the resend button while counting", () => {
    advance(29_000);
    expect(screen.queryByRole("button", { name: "Resend code" })).not.toBeInTheDocument();
  });

  it("should replace the time with the resend button at zero", () => {
    advance(30_000);
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend code" })).toBeInTheDocument();
  });

  it("should have no accessibility violations once the button shows", async () => {
    advance(30_000);
    vi.useRealTimers();
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should call onElapsed once at zero", () => {
    advance(45_000);
    expect(onElapsed).toHaveBeenCalledTimes(1);
  });

  it("should call onResend when the button is pressed", async () => {
    advance(30_000);
    // Testing Library's async wrapper waits on a real setTimeout(0), which Vitest's fake clock
    // would never fire; the countdown is over, so the real clock is fine from here on.
    vi.useRealTimers();
    await userEvent.click(screen.getByRole("button", { name: "Resend code" }));
    expect(onResend).toHaveBeenCalledTimes(1);
  });

  it("should announce politely when the wait starts", () => {
    expect(screen.getByRole("status")).toHaveTextContent("You can request a new code in 30 seconds");
  });

  it("should not announce the ticking time", () => {
    advance(10_000);
    expect(screen.getByRole("status")).toHaveTextContent("You can request a new code in 30 seconds");
    expect(screen.getByRole("timer")).not.toHaveAttribute("aria-live");
  });

  it("should announce when resending becomes possible", () => {
    advance(30_000);
    expect(screen.getByRole("status")).toHaveTextContent("You can now request a new code");
  });
});

function WithHandle({ handleRef }: { handleRef: React.RefObject<ResendCountdownHandle | null> }) {
  return <ResendCountdown {...labels} seconds={5} onResend={() => {}} ref={handleRef} />;
}

describe("given a ResendCountdown restarted through its handle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("should count from the start again", () => {
    const handleRef = React.createRef<ResendCountdownHandle>();
    render(<WithHandle handleRef={handleRef} />);
    advance(5_000);
    act(() => handleRef.current?.restart());
    expect(screen.getByRole("timer")).toHaveTextContent("00:05");
    expect(screen.queryByRole("button", { name: "Resend code" })).not.toBeInTheDocument();
  });

  it("should restart in the middle of a wait", () => {
    const handleRef = React.createRef<ResendCountdownHandle>();
    render(<WithHandle handleRef={handleRef} />);
    advance(3_000);
    act(() => handleRef.current?.restart());
    advance(3_000);
    expect(screen.getByRole("timer")).toHaveTextContent("00:02");
  });
});

describe("given a ResendCountdown restarted by restartKey", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("should not restart when the key is unchanged", () => {
    const { rerender } = render(<ResendCountdown {...labels} seconds={5} onResend={() => {}} restartKey={1} />);
    advance(5_000);
    rerender(<ResendCountdown {...labels} seconds={5} onResend={() => {}} restartKey={1} />);
    expect(screen.getByRole("button", { name: "Resend code" })).toBeInTheDocument();
  });

  it("should restart when the key changes", () => {
    const { rerender } = render(<ResendCountdown {...labels} seconds={5} onResend={() => {}} restartKey={1} />);
    advance(5_000);
    rerender(<ResendCountdown {...labels} seconds={5} onResend={() => {}} restartKey={2} />);
    expect(screen.getByRole("timer")).toHaveTextContent("00:05");
  });
});

describe("given a ResendCountdown that is resending", () => {
  it("should show the button busy and ignore presses", async () => {
    const onResend = vi.fn();
    render(<ResendCountdown {...labels} seconds={0} resending onResend={onResend} />);
    const button = screen.getByRole("button", { name: "Resend code" });
    expect(button).toHaveAttribute("aria-busy", "true");
    await userEvent.click(button);
    expect(onResend).not.toHaveBeenCalled();
  });
});

describe("given a ResendCountdown without countdown text", () => {
  it("should show only the time", () => {
    render(<ResendCountdown resendLabel="Resend code" onResend={() => {}} />);
    expect(screen.getByRole("timer")).toHaveTextContent(/^00:30$/);
  });
});
