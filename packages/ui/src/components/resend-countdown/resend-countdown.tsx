"use client";

import { cva } from "class-variance-authority";
import { RotateCw } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn.js";
import { Button } from "../button/button.js";

/**
 * docs/product.md §9: the resend countdown is 30 seconds. Kept as a plain default (the same value as
 * RESEND_COOLDOWN_SECONDS in @veil/contracts) so the design system stays standalone; the app passes
 * the contract constant explicitly.
 */
export const DEFAULT_RESEND_SECONDS = 30;

/** How often the clock is read. Shorter than a second so the display never skips a value. */
const TICK_MS = 250;

export const resendCountdownVariants = cva("inline-flex min-h-9 items-center gap-2 text-sm", {
  variants: {
    state: {
      counting: "text-text-muted",
      ready: "text-text",
    },
  },
  defaultVariants: { state: "counting" },
});

/** "00:SS" (minutes appear only for waits over a minute). */
export function formatCountdown(totalSeconds: number): string {
  const safe = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

export interface ResendCountdownHandle {
  /** Starts the wait again from `seconds` (after a resend or a failed code). */
  restart(): void;
}

export interface ResendCountdownProps {
  /**
   * Length of the wait in seconds.
   * @defaultValue 30
   */
  seconds?: number;
  /** Text of the button that appears when the wait is over, e.g. "Resend code". */
  resendLabel: string;
  /** Called when the button is pressed. The app sends the code, then restarts the countdown. */
  onResend: () => void;
  /**
   * Shows the button busy (spinner, `aria-busy`) while the code is being sent.
   * @defaultValue false
   */
  resending?: boolean;
  /**
   * The visible text while waiting, given the formatted time ("00:27"), e.g.
   * `(time) => \`Resend code in ${time}\``. Without it only the time is shown.
   */
  countdownText?: (time: string) => React.ReactNode;
  /**
   * Said politely once when a wait starts, e.g. `(s) => \`You can request a new code in ${s} seconds\``.
   * The ticking time itself is never announced.
   */
  startAnnouncement?: (seconds: number) => string;
  /** Said politely once when the resend button appears, e.g. "You can now request a new code". */
  readyAnnouncement?: string;
  /** Any value; when it changes the countdown restarts (alternative to the `restart()` handle). */
  restartKey?: React.Key;
  /** Called once when a wait reaches zero. */
  onElapsed?: () => void;
  className?: string;
  ref?: React.Ref<ResendCountdownHandle>;
}

/**
 * The "resend code" timer of the confirmation screens: `00:SS` counting down, then a resend button.
 * The remaining time is computed from a deadline, not by counting ticks, so a throttled background
 * tab still shows the right time when the user comes back.
 */
export function ResendCountdown({
  seconds = DEFAULT_RESEND_SECONDS,
  resendLabel,
  onResend,
  resending = false,
  countdownText,
  startAnnouncement,
  readyAnnouncement,
  restartKey,
  onElapsed,
  className,
  ref,
}: ResendCountdownProps) {
  // A new run id restarts the wait; the deadline is taken when the run starts.
  const [run, setRun] = React.useState(0);
  const [remaining, setRemaining] = React.useState(seconds);
  const [announcement, setAnnouncement] = React.useState("");
  const onElapsedRef = React.useRef(onElapsed);
  onElapsedRef.current = onElapsed;
  const startAnnouncementRef = React.useRef(startAnnouncement);
  startAnnouncementRef.current = startAnnouncement;
  const readyAnnouncementRef = React.useRef(readyAnnouncement);
  readyAnnouncementRef.current = readyAnnouncement;

  const restart = React.useCallback(() => setRun((value) => value + 1), []);
  React.useImperativeHandle(ref, () => ({ restart }), [restart]);

  // restartKey: restart on change, not on mount.
  const previousKey = React.useRef(restartKey);
  React.useEffect(() => {
    if (previousKey.current === restartKey) return;
    previousKey.current = restartKey;
    restart();
  }, [restartKey, restart]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is the trigger that restarts the wait
  React.useEffect(() => {
    const deadline = Date.now() + seconds * 1000;
    const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    setRemaining(left());
    if (seconds <= 0) return;
    // Cleared first and set after mount, so re-announcing the same sentence on a restart is still
    // a change the live region reports.
    setAnnouncement(startAnnouncementRef.current?.(seconds) ?? "");
    const timer = setInterval(() => {
      const now = left();
      setRemaining(now);
      if (now === 0) {
        clearInterval(timer);
        setAnnouncement(readyAnnouncementRef.current ?? "");
        onElapsedRef.current?.();
      }
    }, TICK_MS);
    return () => {
      clearInterval(timer);
      setAnnouncement("");
    };
  }, [run, seconds]);

  const ready = remaining === 0;
  const time = formatCountdown(remaining);

  return (
    <div
      data-slot="resend-countdown"
      data-ready={ready || undefined}
      className={cn(resendCountdownVariants({ state: ready ? "ready" : "counting" }), className)}
    >
      {ready ? (
        <Button variant="link" size="sm" loading={resending} onClick={onResend}>
          {resending ? null : <RotateCw aria-hidden="true" />}
          {resendLabel}
        </Button>
      ) : (
        // role="timer" is a live region that is off by default: readable on demand, never chatty.
        <span role="timer" className="tabular-nums">
          {countdownText ? countdownText(time) : time}
        </span>
      )}
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </div>
  );
}
