import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { EmailField } from "./email-field.js";

const meta = {
  title: "Components/EmailField",
  component: EmailField,
  tags: ["autodocs"],
  args: { label: "E-mail", placeholder: "you@example.com" },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EmailField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const WithError: Story = {
  args: { required: true, defaultValue: "ana@", error: "Please enter a valid email address" },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: "ana@example.com" } };

/** Surrounding spaces go away when the user leaves the field (docs/product.md §5.6). */
export const TrimsOnBlur: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "E-mail" });
    await userEvent.type(input, "\u00a0ana@example.com\u00a0");
    await userEvent.tab();
    await expect(input).toHaveValue("ana@example.com");
  },
};

export const Matrix: Story = {
  render: () => (
    <MatrixGrid className="max-w-sm">
      <MatrixRow title="Keyboard focus" className="grid gap-6">
        <EmailField label="Focused" defaultValue="ana@example.com" />
      </MatrixRow>
      <MatrixRow title="Default" className="grid gap-6">
        <EmailField label="Empty" placeholder="you@example.com" />
        <EmailField label="Filled" defaultValue="ana@example.com" />
        <EmailField label="Required with hint" required hint="We send the confirmation code here" />
      </MatrixRow>
      <MatrixRow title="Invalid" className="grid gap-6">
        <EmailField label="Invalid" required defaultValue="ana@" error="Please enter a valid email address" />
      </MatrixRow>
      <MatrixRow title="Disabled" className="grid gap-6">
        <EmailField label="Disabled" disabled defaultValue="ana@example.com" />
      </MatrixRow>
    </MatrixGrid>
  ),
  // Shows the focus ring in the screenshots: keyboard focus lands on the first control.
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole("textbox", { name: "Focused" })).toHaveFocus();
  },
};
