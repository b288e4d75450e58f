import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { type PlanTabItem, PlanTabs } from "./plan-tabs.js";

const items: PlanTabItem[] = [
  { value: "week", label: "1 Week", detail: "$2 · 7 days" },
  { value: "month", label: "1 Month", detail: "$5 · 30 days" },
  { value: "halfYear", label: "6 Months", detail: "$25 · 180 days" },
  { value: "year", label: "1 Year", detail: "$45 · 365 days" },
];

function Summary({ item }: { item: PlanTabItem }) {
  return (
    <div className="flex items-center justify-between rounded-xl border border-border bg-surface p-5 shadow-card">
      <div>
        <p className="text-sm text-text-muted">Selected plan</p>
        <p className="text-lg font-semibold">{item.label}</p>
      </div>
      <p className="text-sm font-medium text-text-muted">{item.detail}</p>
    </div>
  );
}

const meta = {
  title: "Components/PlanTabs",
  component: PlanTabs,
  tags: ["autodocs"],
  args: {
    items,
    label: "Plan",
    defaultValue: "month",
    renderPanel: (item) => <Summary item={item} />,
  },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PlanTabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const YearSelected: Story = { args: { defaultValue: "year" } };

export const Russian: Story = {
  args: {
    label: "Тариф",
    items: [
      { value: "week", label: "1 неделя", detail: "2 $ · 7 дней" },
      { value: "month", label: "1 месяц", detail: "5 $ · 30 дней" },
      { value: "halfYear", label: "6 месяцев", detail: "25 $ · 180 дней" },
      { value: "year", label: "1 год", detail: "45 $ · 365 дней" },
    ],
  },
};

/** Keyboard: End selects the last plan, Home the first (automatic activation). */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("tab", { name: /1 Month/ }));
    await userEvent.keyboard("{End}");
    await expect(canvas.getByRole("tab", { name: /1 Year/ })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{Home}");
    await expect(canvas.getByRole("tab", { name: /1 Week/ })).toHaveAttribute("aria-selected", "true");
  },
};

/** Every visual state: the first, a middle and the last plan selected, and long Russian labels. */
export const Matrix: Story = {
  render: (args) => (
    <MatrixGrid>
      {(
        [
          ["week", "First plan selected"],
          ["halfYear", "Middle plan selected"],
          ["year", "Last plan selected"],
        ] as const
      ).map(([value, title]) => (
        <MatrixRow key={value} title={title} className="block">
          <PlanTabs {...args} label={`Plan, ${title}`} defaultValue={value} />
        </MatrixRow>
      ))}
      <MatrixRow title="Russian" className="block">
        <PlanTabs
          {...args}
          label="Тариф"
          defaultValue="month"
          items={[
            { value: "week", label: "1 неделя", detail: "2 $ · 7 дней" },
            { value: "month", label: "1 месяц", detail: "5 $ · 30 дней" },
            { value: "halfYear", label: "6 месяцев", detail: "25 $ · 180 дней" },
            { value: "year", label: "1 год", detail: "45 $ · 365 дней" },
          ]}
        />
      </MatrixRow>
    </MatrixGrid>
  ),
};
