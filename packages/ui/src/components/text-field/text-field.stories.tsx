import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { TextField } from "./text-field.js";

const meta = {
  title: "Components/TextField",
  component: TextField,
  tags: ["autodocs"],
  args: { label: "Name", hint: "As you would like us to address you" },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Required: Story = { args: { required: true, hint: undefined } };

export const WithError: Story = {
  args: { defaultValue: "", required: true, error: "Please fill out all fields" },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: "Ana Petrova" } };

export const Typing: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Name" });
    await userEvent.type(input, "Ana");
    await expect(input).toHaveValue("Ana");
  },
};

/** Every visual state at once: the story the visual-regression suite snapshots. */
/** Every visual state at once: the story the visual-regression suite snapshots. */
export const Matrix: Story = {
  render: () => (
    <MatrixGrid className="max-w-sm">
      <MatrixRow title="Keyboard focus" className="grid gap-6">
        <TextField label="Focused" defaultValue="Ana Petrova" />
      </MatrixRow>
      <MatrixRow title="Default" className="grid gap-6">
        <TextField label="Empty" placeholder="Ana Petrova" />
        <TextField label="With hint" hint="As you would like us to address you" />
        <TextField label="Required" required />
        <TextField label="Filled" defaultValue="Ana Petrova" />
      </MatrixRow>
      <MatrixRow title="Invalid" className="grid gap-6">
        <TextField label="Invalid" required defaultValue="" error="Please fill out all fields" />
        <TextField label="Invalid with hint" hint="Your full name" error="Please fill out all fields" />
      </MatrixRow>
      <MatrixRow title="Disabled and large" className="grid gap-6">
        <TextField label="Disabled" disabled defaultValue="Ana Petrova" />
        <TextField label="Large" size="lg" defaultValue="Ana Petrova" />
      </MatrixRow>
    </MatrixGrid>
  ),
  // Shows the focus ring in the screenshots: keyboard focus lands on the first control.
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole("textbox", { name: "Focused" })).toHaveFocus();
  },
};
