import { act, render, screen } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import * as React from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "../../test/axe.js";
import { OtpInput, type OtpInputHandle } from "./otp-input.js";

function getCode() {
  return screen.getByRole<HTMLInputElement>("textbox", { name: "Confirmation code" });
}

describe("given a default OtpInput", () => {
  let user: UserEvent;
  const onComplete = vi.fn();
  const onValueChange = vi.fn();

  beforeEach(() => {
    onComplete.mockReset();
    onValueChange.mockReset();
    user = userEvent.setup();
    render(
      <OtpInput
        label="Confirmation code"
        hint="Enter the 6-digit code from the e-mail"
        onComplete={onComplete}
        onValueChange={onValueChange}
      />,
    );
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should be one textbox named by its label and described by the hint", () => {
    expect(getCode()).toHaveAccessibleDescription("Enter the 6-digit code from the e-mail");
  });

  it("should ask phones for the numeric keyboard and the one-time code", () => {
    expect(getCode()).toHaveAttribute("inputmode", "numeric");
    expect(getCode()).toHaveAttribute("autocomplete", "one-time-code");
    expect(getCode()).toHaveAttribute("maxlength", "6");
    expect(getCode()).toHaveAttribute("pattern", "^\\d+$");
  });

  it("should not be translated by page translators", () => {
    expect(getCode().closest("[translate='no']")).not.toBeNull();
  });

  it("should accept digits", async () => {
    await user.type(getCode(), "123");
    expect(getCode()).toHaveValue("123");
  });

  it("should ignore anything that is not a digit", async () => {
    await user.type(getCode(), "1a-2 é3");
    expect(getCode()).toHaveValue("123");
  });

  it("should move to the next box after each digit", async () => {
    await user.type(getCode(), "12");
    expect(getCode().selectionStart).toBe(2);
  });

  it("should stop at six digits", async () => {
    await user.type(getCode(), "12345678");
    expect(getCode()).toHaveValue("123456");
  });

  it("should move back to the previous box on Backspace in an empty box, keeping its digit", async () => {
    await user.type(getCode(), "123");
    await user.keyboard("{Backspace}");
    expect(getCode()).toHaveValue("123");
    expect([getCode().selectionStart, getCode().selectionEnd]).toEqual([2, 3]);
  });

  it("should clear the digit of the box it moved back to on a second Backspace", async () => {
    await user.type(getCode(), "123");
    await user.keyboard("{Backspace}{Backspace}");
    expect(getCode()).toHaveValue("12");
    expect([getCode().selectionStart, getCode().selectionEnd]).toEqual([2, 2]);
  });

  it("should report each change", async () => {
    await user.type(getCode(), "12");
    expect(onValueChange).toHaveBeenLastCalledWith("12");
  });

  it("should call onComplete once with the code when the sixth digit is typed", async () => {
    await user.type(getCode(), "123456");
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith("123456");
  });

  it("should fill all six boxes from a pasted code, trimmed", async () => {
    await user.click(getCode());
    await user.paste("  654321\n");
    expect(getCode()).toHaveValue("654321");
  });

  it("should replace digits already typed when a full code is pasted", async () => {
    await user.type(getCode(), "12");
    await user.paste("654321");
    expect(getCode()).toHaveValue("654321");
  });

  it("should complete when a full code is pasted", async () => {
    await user.click(getCode());
    await user.paste("654321");
    expect(onComplete).toHaveBeenCalledWith("654321");
  });

  it.each([
    ["fewer than six digits", "12345"],
    ["more than six digits", "1234567"],
    ["a code with a letter", "12a456"],
    ["a code with inner spaces", "123 456"],
  ])("should ignore a paste of %s", async (_case, text) => {
    await user.type(getCode(), "9");
    await user.paste(text);
    expect(getCode()).toHaveValue("9");
  });
});

describe("given an OtpInput with an error", () => {
  beforeEach(() => {
    render(<OtpInput label="Confirmation code" error="Invalid code or email" defaultValue="123456" />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should be marked invalid and described by the error", () => {
    expect(getCode()).toBeInvalid();
    expect(getCode()).toHaveAccessibleDescription("Invalid code or email");
  });
});

describe("given an OtpInput marked invalid by the app", () => {
  it("should be invalid and described by the app's message", () => {
    render(
      <>
        <p id="alert">Verification failed. Please try again.</p>
        <OtpInput label="Confirmation code" invalid aria-describedby="alert" />
      </>,
    );
    expect(getCode()).toBeInvalid();
    expect(getCode()).toHaveAccessibleDescription("Verification failed. Please try again.");
  });
});

describe("given a disabled OtpInput", () => {
  it("should not accept input", async () => {
    render(<OtpInput label="Confirmation code" disabled />);
    await userEvent.type(getCode(), "12");
    expect(getCode()).toBeDisabled();
    expect(getCode()).toHaveValue("");
  });
});

function WithHandle({ onHandle }: { onHandle: (handle: OtpInputHandle | null) => void }) {
  return (
    <>
      <button type="button">Before</button>
      <OtpInput label="Confirmation code" ref={onHandle} />
    </>
  );
}

describe("given an OtpInput driven through its handle", () => {
  let handle: OtpInputHandle | null = null;
  let user: UserEvent;

  beforeEach(() => {
    user = userEvent.setup();
    render(
      <WithHandle
        onHandle={(h) => {
          handle = h;
        }}
      />,
    );
  });

  it("should empty every box on clear()", async () => {
    await user.type(getCode(), "123456");
    act(() => handle?.clear());
    expect(getCode()).toHaveValue("");
  });

  it("should focus the first box on clear()", async () => {
    await user.type(getCode(), "123456");
    await user.click(screen.getByRole("button", { name: "Before" }));
    act(() => handle?.clear());
    expect(getCode()).toHaveFocus();
    expect(getCode().selectionStart).toBe(0);
  });

  it("should take focus on focus()", () => {
    act(() => handle?.focus());
    expect(getCode()).toHaveFocus();
  });
});

function Controlled({ onComplete }: { onComplete: (code: string) => void }) {
  const [code, setCode] = React.useState("");
  return (
    <>
      <OtpInput label="Confirmation code" value={code} onValueChange={setCode} onComplete={onComplete} />
      <p>Typed: {code}</p>
    </>
  );
}

describe("given a controlled OtpInput", () => {
  it("should hand the digits to its owner", async () => {
    const onComplete = vi.fn();
    render(<Controlled onComplete={onComplete} />);
    await userEvent.type(getCode(), "4242");
    expect(screen.getByText("Typed: 4242")).toBeInTheDocument();
  });
});
