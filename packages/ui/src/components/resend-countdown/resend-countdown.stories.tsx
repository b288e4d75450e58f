import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Button } from "../button/index.js";
import { ResendCountdown, type ResendCountdownHandle } from "./resend-countdown.js";

const labels = {
  resendLabel: "Resend code",
  countdownText: (time: string) => `Resend code in ${time}`,
  startAnnouncement: (seconds: number) => `You can request a new code in ${seconds} seconds`,
  readyAnnouncement: "You can now request a new code",
};

/** Stops the clock for a story so a screenshot never catches the time between two values. */
function freezeClock() {
  const realNow = Date.now;
  const frozen = realNow();
  Date.now = () => frozen;
  return () => {
    Date.now = realNow;
  };
}

const meta = {
  title: "Components/ResendCountdown",
  component: ResendCountdown,
  tags: ["autodocs"],
  args: { ...labels, onResend: fn() },
} satisfies Meta<typeof ResendCountdown>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Counting: Story = { beforeEach: freezeClock };

export const TimeOnly: Story = { args: { countdownText: undefined }, beforeEach: freezeClock };

export const Ready: Story = { args: { seconds: 0 } };

export const Resending: Story = { args: { seconds: 0, resending: true } };

/** A short wait that ends in the resend button. */
export const Elapsing: Story = {
  args: { seconds: 2 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("timer")).toHaveTextContent("00:02");
    const button = await waitFor(() => canvas.getByRole("button", { name: "Resend code" }), { timeout: 4000 });
    await userEvent.click(button);
    await expect(args.onResend).toHaveBeenCalledTimes(1);
  },
};

/** What the confirmation screen does after a resend: restart the wait through the handle. */
export const Restarting: Story = {
  args: { seconds: 0 },
  render: (args) => {
    const ref = React.useRef<ResendCountdownHandle>(null);
    return (
      <div className="grid justify-items-start gap-4">
        <ResendCountdown {...args} seconds={3} ref={ref} />
        <Button variant="outline" size="sm" onClick={() => ref.current?.restart()}>
          Restart
        </Button>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => canvas.getByRole("button", { name: "Resend code" }), { timeout: 5000 });
    await userEvent.click(canvas.getByRole("button", { name: "Restart" }));
    await expect(canvas.getByRole("timer")).toHaveTextContent("00:03");
  },
};

export const Matrix: Story = {
  beforeEach: freezeClock,
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Keyboard focus">
        <ResendCountdown {...labels} resendLabel="Resend code (focused)" seconds={0} onResend={() => {}} />
      </MatrixRow>
      <MatrixRow title="Counting">
        <ResendCountdown {...labels} onResend={() => {}} />
        <ResendCountdown {...labels} seconds={5} onResend={() => {}} />
      </MatrixRow>
      <MatrixRow title="Time only">
        <ResendCountdown resendLabel="Resend code" onResend={() => {}} />
      </MatrixRow>
      <MatrixRow title="Ready">
        <ResendCountdown {...labels} seconds={0} onResend={() => {}} />
      </MatrixRow>
      <MatrixRow title="Resending">
        <ResendCountdown {...labels} seconds={0} resending onResend={() => {}} />
      </MatrixRow>
    </MatrixGrid>
  ),
  // Shows the focus ring in the screenshots: keyboard focus lands on the first control.
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole("button", { name: "Resend code (focused)" })).toHaveFocus();
  },
};
