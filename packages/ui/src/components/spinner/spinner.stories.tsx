import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Spinner } from "./spinner.js";

const meta = {
  title: "Components/Spinner",
  component: Spinner,
  tags: ["autodocs"],
  args: { label: "Loading payments" },
  argTypes: {
    size: { control: "inline-radio", options: ["sm", "md", "lg"] },
    tone: { control: "inline-radio", options: ["primary", "muted", "current"] },
  },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading payments");
  },
};

export const Large: Story = { args: { size: "lg" } };

export const Muted: Story = { args: { tone: "muted" } };

/** Without a label the spinner is decorative: something else must say that work is in progress. */
export const Decorative: Story = { args: { label: undefined } };

export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Sizes">
        <Spinner size="sm" label="Loading (small)" />
        <Spinner size="md" label="Loading (medium)" />
        <Spinner size="lg" label="Loading (large)" />
      </MatrixRow>
      <MatrixRow title="Tones">
        <Spinner tone="primary" label="Loading (primary)" />
        <Spinner tone="muted" label="Loading (muted)" />
        <span className="inline-flex items-center gap-2 rounded-md bg-primary px-3 py-2 font-medium text-primary-foreground text-sm">
          <Spinner tone="current" size="sm" />
          Current colour
        </span>
      </MatrixRow>
      <MatrixRow title="With visible text">
        <span className="inline-flex items-center gap-2 text-sm text-text-muted">
          <Spinner tone="muted" size="sm" />
          Checking payment status…
        </span>
      </MatrixRow>
    </MatrixGrid>
  ),
};
