import type { Meta, StoryObj } from "@storybook/react-vite";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { CopyButton } from "./copy-button.js";

const meta = {
  title: "Components/CopyButton",
  component: CopyButton,
  tags: ["autodocs"],
  args: { value: "wg-quick up veil", label: "Copy config", copiedLabel: "Copied", failedLabel: "Could not copy" },
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Small: Story = { args: { size: "sm", label: "Copy key" } };

export const Russian: Story = {
  args: { label: "Скопировать конфигурацию", copiedLabel: "Скопировано", failedLabel: "Не удалось скопировать" },
};

/**
 * Every look at once. The copied and failed rows render the component's own markup in those states
 * (data-state), since a real copy needs a click.
 */
export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Variants">
        <CopyButton value="x" label="Copy config" copiedLabel="Copied" failedLabel="Could not copy" />
        <CopyButton
          value="x"
          variant="secondary"
          label="Copy config"
          copiedLabel="Copied"
          failedLabel="Could not copy"
        />
        <CopyButton
          value="x"
          variant="ghost"
          size="sm"
          label="Copy key"
          copiedLabel="Copied"
          failedLabel="Could not copy"
        />
        <CopyButton value="x" disabled label="Copy config" copiedLabel="Copied" failedLabel="Could not copy" />
      </MatrixRow>
      <MatrixRow title="Russian">
        <span lang="ru" className="contents">
          <CopyButton
            value="x"
            label="Скопировать конфигурацию"
            copiedLabel="Скопировано"
            failedLabel="Не удалось скопировать"
          />
        </span>
      </MatrixRow>
    </MatrixGrid>
  ),
};
