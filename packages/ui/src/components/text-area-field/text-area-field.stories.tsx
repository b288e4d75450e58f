import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { TextAreaField } from "./text-area-field.js";

const meta = {
  title: "Components/TextAreaField",
  component: TextAreaField,
  tags: ["autodocs"],
  args: { label: "Message", hint: "We reply within 24 hours", onValueChange: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextAreaField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const WithError: Story = {
  args: { required: true, error: "Please fill out all fields" },
};

export const Typing: Story = {
  play: async ({ canvasElement, args }) => {
    const textarea = within(canvasElement).getByRole("textbox", { name: "Message" });
    await userEvent.type(textarea, "Hi");
    await expect(textarea).toHaveValue("Hi");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("Hi");
  },
};

/** Every visual state at once: the story the visual-regression suite snapshots. */
export const Matrix: Story = {
  render: () => (
    <MatrixGrid className="max-w-md">
      <MatrixRow title="Default" className="grid gap-6">
        <TextAreaField label="Empty" rows={3} />
        <TextAreaField label="With hint" hint="We reply within 24 hours" rows={3} />
        <TextAreaField label="Filled" required rows={3} defaultValue="My subscription does not show up." />
      </MatrixRow>
      <MatrixRow title="Invalid and disabled" className="grid gap-6">
        <TextAreaField label="Invalid" required rows={3} error="Please fill out all fields" />
        <TextAreaField label="Disabled" disabled rows={3} defaultValue="Sent" />
      </MatrixRow>
    </MatrixGrid>
  ),
};
