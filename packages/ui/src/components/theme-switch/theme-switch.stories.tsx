import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { ThemeSwitch } from "./theme-switch.js";
import type { ThemeValue } from "./theme-switch-button.js";

const labels = { system: "System", light: "Light", dark: "Dark" };
const labelsRu = { system: "Как в системе", light: "Светлая", dark: "Тёмная" };

function Controlled(props: Partial<React.ComponentProps<typeof ThemeSwitch>>) {
  const [value, setValue] = React.useState<ThemeValue>(props.value ?? "system");
  return <ThemeSwitch label="Theme" labels={labels} {...props} value={value} onValueChange={setValue} />;
}

const meta = {
  title: "Components/ThemeSwitch",
  component: ThemeSwitch,
  tags: ["autodocs"],
  args: { value: "system", label: "Theme", labels, onValueChange: () => {} },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof ThemeSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Russian: Story = { args: { label: "Тема", labels: labelsRu } };

export const Open: Story = {
  args: { defaultOpen: true, value: "dark" },
  decorators: [(Story) => <div className="flex h-48 justify-end">{Story()}</div>],
};

/** Every visual state at once, for visual regression: each choice × variants × sizes, and an open menu. */
export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      {(["ghost", "outline"] as const).map((variant) => (
        <MatrixRow
          key={variant}
          title={variant === "ghost" ? "Ghost (system, light, dark; sm)" : "Outline (system, light, dark; sm)"}
        >
          <Controlled variant={variant} value="system" />
          <Controlled variant={variant} value="light" />
          <Controlled variant={variant} value="dark" />
          <Controlled variant={variant} size="sm" />
        </MatrixRow>
      ))}
      <MatrixRow title="Open (Russian)" className="h-44 items-start">
        <Controlled variant="outline" align="start" label="Тема" labels={labelsRu} value="light" defaultOpen />
      </MatrixRow>
    </MatrixGrid>
  ),
};
