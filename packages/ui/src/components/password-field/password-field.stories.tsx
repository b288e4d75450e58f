import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { PasswordField } from "./password-field.js";

const labels = { showPasswordLabel: "Show password", hidePasswordLabel: "Hide password" };

const meta = {
  title: "Components/PasswordField",
  component: PasswordField,
  tags: ["autodocs"],
  args: { label: "Password", ...labels },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const NewPassword: Story = {
  args: { label: "New password", autoComplete: "new-password", required: true },
};

export const Visible: Story = { args: { defaultVisible: true, defaultValue: "correct horse" } };

export const WithError: Story = {
  args: { label: "Repeat password", defaultValue: "secret", error: "Passwords do not match" },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: "secret" } };

/** The toggle's name says what it will do next. */
export const Toggling: Story = {
  args: { defaultValue: "correct horse" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Show password" }));
    await expect(canvas.getByRole("textbox", { name: "Password" })).toHaveValue("correct horse");
    await expect(canvas.getByRole("button", { name: "Hide password" })).toBeInTheDocument();
  },
};

export const Matrix: Story = {
  render: () => (
    <MatrixGrid className="max-w-sm">
      <MatrixRow title="Keyboard focus on the toggle" className="grid gap-6">
        <PasswordField label="Focused" defaultValue="correct horse" {...labels} />
      </MatrixRow>
      <MatrixRow title="Hidden and shown" className="grid gap-6">
        <PasswordField label="Empty" {...labels} />
        <PasswordField label="Hidden" defaultValue="correct horse" {...labels} />
        <PasswordField label="Shown" defaultValue="correct horse" defaultVisible {...labels} />
        <PasswordField label="Required" required hint="Use at least 8 characters" {...labels} />
      </MatrixRow>
      <MatrixRow title="Invalid" className="grid gap-6">
        <PasswordField label="Invalid" defaultValue="secret" error="Passwords do not match" {...labels} />
      </MatrixRow>
      <MatrixRow title="Disabled" className="grid gap-6">
        <PasswordField label="Disabled" disabled defaultValue="secret" {...labels} />
      </MatrixRow>
    </MatrixGrid>
  ),
  // Shows the toggle's focus ring in the screenshots (the input's ring is in TextField's Matrix).
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(canvasElement).getAllByRole("button", { name: "Show password" })[0]).toHaveFocus();
  },
};
