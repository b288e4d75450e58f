"use client";

import { useControllableState } from "@radix-ui/react-use-controllable-state";
import { cva } from "class-variance-authority";
import { OTPInput, OTPInputContext, REGEXP_ONLY_DIGITS } from "input-otp";
import * as React from "react";
import { cn } from "../../lib/cn.js";
import { Field, FieldError, FieldHint, FieldLabel, useField } from "../field/field.js";

/** docs/product.md §9: confirmation codes are 6 digits. */
export const OTP_LENGTH = 6;

const SIX_DIGITS = /^\d{6}$/;

/** One visual box. The real input is a single transparent textbox laid over all six. */
export const otpSlotVariants = cva(
  [
    // Boxes are 44 px (48 px from `sm`) and shrink evenly when the field is narrower than that, so
    // the code field never overflows a 320 px screen (WCAG 1.4.10).
    "relative flex h-11 min-w-0 max-w-11 flex-1 items-center justify-center rounded-md border bg-surface shadow-card sm:h-12 sm:max-w-12",
    "text-xl font-semibold tabular-nums text-text transition-[border-color,outline-color] duration-150",
  ],
  {
    variants: {
      state: {
        idle: "border-border-strong",
        active: "border-focus outline-2 outline-offset-2 outline-focus",
        invalid: "border-danger",
        invalidActive: "border-danger outline-2 outline-offset-2 outline-focus",
        // Forced colors turn the muted colours into the normal text colour: GrayText says disabled there.
        disabled:
          "border-border bg-surface-muted text-text-muted shadow-none forced-colors:border-[GrayText] forced-colors:text-[GrayText]",
      },
    },
    defaultVariants: { state: "idle" },
  },
);

export interface OtpInputHandle {
  /** Empties every box and puts focus (the caret) in the first one: after a failed code or a resend. */
  clear(): void;
  /** Moves focus into the code field (the first empty box). */
  focus(): void;
}

export interface OtpInputProps {
  /** The visible label, also the accessible name of the code field (e.g. "Confirmation code"). */
  label: React.ReactNode;
  /** Help under the label, e.g. "Enter the 6-digit code we sent to ana@example.com". */
  hint?: React.ReactNode;
  /** Error text under the boxes; sets `aria-invalid` and joins `aria-describedby`. */
  error?: React.ReactNode;
  /**
   * Marks the code invalid without showing `error` here (when the app shows the message elsewhere
   * and links it through `aria-describedby`).
   * @defaultValue false
   */
  invalid?: boolean;
  /** The digits typed so far (controlled), at most 6. */
  value?: string;
  /**
   * The initial digits (uncontrolled).
   * @defaultValue ""
   */
  defaultValue?: string;
  /** Called with the digits whenever they change. */
  onValueChange?: (value: string) => void;
  /** Called once with the full code when the sixth digit arrives (typed or pasted). */
  onComplete?: (code: string) => void;
  /** @defaultValue false */
  disabled?: boolean;
  /** Form field name, so a native form submits the code. */
  name?: string;
  id?: string;
  autoFocus?: boolean;
  /** Extra ids for `aria-describedby` (e.g. an alert the app renders elsewhere). */
  "aria-describedby"?: string;
  /** Classes for the outer wrapper. */
  className?: string;
  /** Imperative handle: `clear()` and `focus()`. */
  ref?: React.Ref<OtpInputHandle>;
}

/**
 * The 6-digit confirmation code field. One labelled textbox (wrapping `input-otp`) drawn as six
 * boxes: phones offer the code from SMS/mail (`autocomplete="one-time-code"`), screen readers meet
 * one field with one name and one value, and the boxes follow the caret. See README for why.
 */
export function OtpInput({
  label,
  hint,
  error,
  invalid = false,
  value: valueProp,
  defaultValue = "",
  onValueChange,
  onComplete,
  disabled = false,
  name,
  id,
  autoFocus,
  "aria-describedby": describedByProp,
  className,
  ref,
}: OtpInputProps) {
  const generatedId = React.useId();
  const field = useField({ id: id ?? `${generatedId}-otp`, hint, error, invalid, "aria-describedby": describedByProp });
  const [value, setValue] = useControllableState({
    prop: valueProp,
    defaultProp: defaultValue,
    onChange: onValueChange,
    caller: "OtpInput",
  });
  const inputRef = React.useRef<HTMLInputElement>(null);

  React.useImperativeHandle(
    ref,
    () => ({
      clear() {
        setValue("");
        const input = inputRef.current;
        if (!input) return;
        input.focus();
        input.setSelectionRange(0, 0);
      },
      focus() {
        inputRef.current?.focus();
      },
    }),
    [setValue],
  );

  // docs/product.md §5.5: Backspace in an empty box moves back to the previous box and leaves its digit alone
  // (the next Backspace clears it). The empty box is a collapsed caret after the last digit, so
  // "moving back" selects the last digit, which input-otp draws as the active box.
  function handleKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Backspace" || event.altKey || event.ctrlKey || event.metaKey) return;
    const input = event.currentTarget;
    const caret = input.selectionStart;
    if (caret === null || caret !== input.selectionEnd || caret === 0 || caret !== input.value.length) return;
    if (caret >= OTP_LENGTH) return;
    event.preventDefault();
    input.setSelectionRange(caret - 1, caret);
  }

  // docs/product.md §5.5: a paste is accepted only when, trimmed, it is exactly six digits; then it fills all
  // six boxes whatever was there. Anything else is ignored. This runs in the capture phase and
  // stops the event so input-otp's own paste handling (which inserts at the caret and truncates
  // longer text) never sees it.
  function handlePasteCapture(event: React.ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    event.stopPropagation();
    const pasted = event.clipboardData.getData("text/plain").trim();
    if (!SIX_DIGITS.test(pasted)) return;
    setValue(pasted);
  }

  return (
    <Field data-slot="otp-input" invalid={field.invalid} disabled={disabled} translate="no" className={className}>
      <FieldLabel htmlFor={field.controlId}>{label}</FieldLabel>
      <FieldHint id={field.hintId}>{hint}</FieldHint>
      <OTPInput
        ref={inputRef}
        {...field.controlProps}
        name={name}
        value={value}
        onChange={setValue}
        onComplete={onComplete}
        maxLength={OTP_LENGTH}
        pattern={REGEXP_ONLY_DIGITS}
        inputMode="numeric"
        autoComplete="one-time-code"
        disabled={disabled}
        autoFocus={autoFocus}
        onPasteCapture={handlePasteCapture}
        onKeyDown={handleKeyDown}
        // input-otp draws the (transparent) digits of its real input in the system's `monospace`
        // through an inline style; the shipped font instead keeps screenshots independent of the
        // machine's fonts (README "Visual regression": every text node uses a shipped font).
        // Forced colors would paint those transparent digits (and the selection) in system colours
        // over the boxes, a jumble of overlapping numbers: the input keeps its own colours there.
        className="font-sans! forced-color-adjust-none"
        // Password managers should not decorate a one-time code field.
        pushPasswordManagerStrategy="none"
        data-1p-ignore=""
        data-lpignore="true"
        containerClassName={cn(
          "flex w-full max-w-80 items-center gap-2 py-1 sm:max-w-86",
          disabled && "cursor-not-allowed",
        )}
      >
        <OtpSlots invalid={field.invalid} disabled={disabled} />
      </OTPInput>
      <FieldError id={field.errorId}>{error}</FieldError>
    </Field>
  );
}

/**
 * The six boxes. Hidden from assistive technology: the textbox above them already exposes the
 * same digits as its value, and reading them twice ("1 2 3, Confirmation code, 123") is noise.
 */
function OtpSlots({ invalid, disabled }: { invalid: boolean; disabled: boolean }) {
  const { slots } = React.useContext(OTPInputContext);
  return (
    <div aria-hidden="true" className="flex w-full items-center gap-2">
      {slots.map((slot, index) => {
        const state = disabled
          ? "disabled"
          : invalid
            ? slot.isActive
              ? "invalidActive"
              : "invalid"
            : slot.isActive
              ? "active"
              : "idle";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are positions, index is their identity
          <React.Fragment key={index}>
            {/* The separator and the caret are backgrounds, which forced colors drop unless they are system colours. */}
            {index === OTP_LENGTH / 2 ? (
              <span className="h-0.5 w-2 shrink-0 rounded-full bg-border-strong forced-colors:bg-[CanvasText]" />
            ) : null}
            <div data-slot="otp-slot" data-active={slot.isActive || undefined} className={otpSlotVariants({ state })}>
              {slot.char}
              {slot.hasFakeCaret ? (
                <span className="pointer-events-none absolute inset-0 flex items-center justify-center">
                  <span className="h-6 w-px bg-text motion-safe:animate-pulse forced-colors:bg-[CanvasText]" />
                </span>
              ) : null}
            </div>
          </React.Fragment>
        );
      })}
    </div>
  );
}
