import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Button } from "../button/index.js";
import { OtpInput, type OtpInputHandle } from "./otp-input.js";

const meta = {
  title: "Components/OtpInput",
  component: OtpInput,
  tags: ["autodocs"],
  args: {
    label: "Confirmation code",
    hint: "Enter the 6-digit code we sent to ana@example.com",
    onComplete: fn(),
    onValueChange: fn(),
  },
} satisfies Meta<typeof OtpInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const PartlyFilled: Story = { args: { defaultValue: "123" } };

export const Filled: Story = { args: { defaultValue: "123456" } };

export const WithError: Story = { args: { defaultValue: "123456", error: "Invalid code or email" } };

export const Disabled: Story = { args: { defaultValue: "123456", disabled: true } };

/** Digits only; the sixth digit completes the code. */
export const Typing: Story = {
  play: async ({ canvasElement, args }) => {
    const code = within(canvasElement).getByRole("textbox", { name: "Confirmation code" });
    await userEvent.type(code, "12a3456");
    await expect(code).toHaveValue("123456");
    await expect(args.onComplete).toHaveBeenCalledWith("123456");
  },
};

/** A pasted code fills all six boxes only when, trimmed, it is exactly six digits. */
export const Pasting: Story = {
  play: async ({ canvasElement }) => {
    const code = within(canvasElement).getByRole("textbox", { name: "Confirmation code" });
    await userEvent.click(code);
    await userEvent.paste("12345");
    await expect(code).toHaveValue("");
    await userEvent.paste(" 654321 ");
    await expect(code).toHaveValue("654321");
  },
};

/** What the confirmation screen does after a failed code: clear, focus the first box. */
export const ClearAndRefocus: Story = {
  render: (args) => {
    const ref = React.useRef<OtpInputHandle>(null);
    return (
      <div className="grid justify-items-start gap-4">
        <OtpInput {...args} ref={ref} />
        <Button variant="outline" onClick={() => ref.current?.clear()}>
          Clear
        </Button>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const code = canvas.getByRole("textbox", { name: "Confirmation code" });
    await userEvent.type(code, "123456");
    await userEvent.click(canvas.getByRole("button", { name: "Clear" }));
    await expect(code).toHaveValue("");
    await expect(code).toHaveFocus();
  },
};

export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Keyboard focus" className="grid gap-8">
        <OtpInput label="Focused" defaultValue="12" />
      </MatrixRow>
      <MatrixRow title="Filling" className="grid gap-8">
        <OtpInput label="Empty" hint="Enter the 6-digit code we sent to ana@example.com" />
        <OtpInput label="Partly filled" defaultValue="123" />
        <OtpInput label="Filled" defaultValue="123456" />
      </MatrixRow>
      <MatrixRow title="Invalid" className="grid gap-8">
        <OtpInput label="Invalid" defaultValue="123456" error="Invalid code or email" />
      </MatrixRow>
      <MatrixRow title="Disabled" className="grid gap-8">
        <OtpInput label="Disabled" defaultValue="123456" disabled />
      </MatrixRow>
    </MatrixGrid>
  ),
  // Shows the focus ring in the screenshots: keyboard focus lands on the first control.
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole("textbox", { name: "Focused" })).toHaveFocus();
  },
};
