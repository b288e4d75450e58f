import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { type LanguageOption, LanguageSwitch } from "./language-switch.js";

const languages: LanguageOption[] = [
  { value: "en", label: "English", lang: "en" },
  { value: "ru", label: "Русский", lang: "ru" },
];

function Controlled(props: Partial<React.ComponentProps<typeof LanguageSwitch>>) {
  const [value, setValue] = React.useState(props.value ?? "en");
  return <LanguageSwitch languages={languages} label="Language" {...props} value={value} onValueChange={setValue} />;
}

const meta = {
  title: "Components/LanguageSwitch",
  component: LanguageSwitch,
  tags: ["autodocs"],
  args: { languages, value: "en", label: "Language", onValueChange: () => {} },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof LanguageSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Russian: Story = { args: { value: "ru", label: "Язык" } };

export const Outline: Story = { args: { variant: "outline" } };

export const Small: Story = { args: { size: "sm" } };

/** The globe alone (the language name is still part of the button's name), as in a phone header. */
export const IconOnly: Story = { args: { size: "sm", iconOnly: true } };

export const Open: Story = {
  args: { defaultOpen: true },
  decorators: [(Story) => <div className="flex h-40 justify-end">{Story()}</div>],
};

/** Every visual state at once, for visual regression: variants × sizes, both languages, and an open menu. */
export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      {(["ghost", "outline"] as const).map((variant) => (
        <MatrixRow key={variant} title={variant === "ghost" ? "Ghost (md, sm, Russian)" : "Outline (md, sm, Russian)"}>
          <Controlled variant={variant} size="md" />
          <Controlled variant={variant} size="sm" />
          <Controlled variant={variant} value="ru" label="Язык" />
        </MatrixRow>
      ))}
      <MatrixRow title="Open" className="h-36 items-start">
        <Controlled variant="outline" align="start" defaultOpen />
      </MatrixRow>
    </MatrixGrid>
  ),
};
