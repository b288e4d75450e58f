import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Button } from "../button/button.js";
import { Alert, InlineError } from "./alert.js";

const meta = {
  title: "Components/Alert",
  component: Alert,
  tags: ["autodocs"],
  args: {
    variant: "info",
    live: "polite",
    title: "We sent you a code",
    children: "Check your inbox at anna@example.com. It can take a minute to arrive.",
  },
  argTypes: {
    variant: { control: "inline-radio", options: ["info", "success", "warning", "danger"] },
    live: { control: "inline-radio", options: ["polite", "assertive", "off"] },
  },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Success: Story = {
  args: { variant: "success", title: "Payment received", children: "Your subscription is active until 12 March 2027." },
};

export const Warning: Story = {
  args: {
    variant: "warning",
    live: "off",
    title: "Subscription ends in 3 days",
    children: "Extend it to stay protected.",
  },
};

export const Danger: Story = {
  args: {
    variant: "danger",
    live: "assertive",
    title: "Payment error",
    children: "The payment could not be completed. No money was taken.",
    action: (
      <Button size="sm" variant="outline">
        Try again
      </Button>
    ),
  },
};

export const TitleOnly: Story = { args: { variant: "success", title: "Saved", children: undefined } };

function PayThenFail() {
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex flex-col items-start gap-4">
      <Button onClick={() => setFailed(true)}>Pay $29.99</Button>
      {failed ? (
        <Alert variant="danger" live="assertive" title="Payment error">
          The payment could not be completed. No money was taken.
        </Alert>
      ) : null}
    </div>
  );
}

/** The error appears after the action and is announced as an alert. */
export const AppearsAfterAction: Story = {
  render: () => {
    return <PayThenFail />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Pay $29.99" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("Payment error");
  },
};

export const FieldError: Story = {
  render: () => (
    <div className="flex max-w-sm flex-col gap-1.5">
      <label htmlFor="story-email" className="font-medium text-sm text-text">
        Email
      </label>
      <input
        id="story-email"
        defaultValue="anna@"
        aria-invalid="true"
        aria-describedby="story-email-error"
        className="h-11 rounded-md border border-danger bg-surface px-3 text-sm text-text"
      />
      <InlineError id="story-email-error">Enter a valid email address</InlineError>
    </div>
  ),
};

export const Matrix: Story = {
  render: () => (
    <MatrixGrid className="max-w-2xl">
      <MatrixRow title="Variants with title and message" className="flex-col items-stretch">
        <Alert variant="info" title="We sent you a code">
          Check your inbox at anna@example.com. It can take a minute to arrive.
        </Alert>
        <Alert variant="success" title="Payment received">
          Your subscription is active until 12 March 2027.
        </Alert>
        <Alert variant="warning" live="off" title="Subscription ends in 3 days">
          Extend it to stay protected.
        </Alert>
        <Alert
          variant="danger"
          live="assertive"
          title="Payment error"
          action={
            <Button size="sm" variant="outline">
              Try again
            </Button>
          }
        >
          The payment could not be completed. No money was taken.
        </Alert>
      </MatrixRow>
      <MatrixRow title="Title only, message only, no icon" className="flex-col items-stretch">
        <Alert variant="success" title="Settings saved" />
        <Alert variant="info" live="off">
          Payments in crypto are confirmed by the network; this usually takes a few minutes.
        </Alert>
        <Alert variant="warning" live="off" icon={null} title="Without an icon">
          For dense layouts.
        </Alert>
      </MatrixRow>
      <MatrixRow title="Inline error">
        <InlineError announce={false}>Enter a valid email address</InlineError>
      </MatrixRow>
    </MatrixGrid>
  ),
};
