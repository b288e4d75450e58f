import type { Meta, StoryObj } from "@storybook/react-vite";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { PlanList, type PlanListPlan } from "./plan-list.js";

const features = ["All server locations", "No-logs policy", "Up to 5 devices"];

const plans: PlanListPlan[] = [
  {
    id: "week",
    title: "1 Week",
    price: 2,
    period: "/ week",
    days: "7 days",
    description: "Try it for a trip.",
    features,
  },
  {
    id: "month",
    title: "1 Month",
    price: 5,
    period: "/ month",
    days: "30 days",
    description: "Flexible, month to month.",
    features,
  },
  {
    id: "halfYear",
    title: "6 Months",
    price: 25,
    period: "/ 6 months",
    days: "180 days",
    description: "Save on half a year.",
    features,
  },
  {
    id: "year",
    title: "1 Year",
    price: 45,
    period: "/ year",
    days: "365 days",
    description: "The best price per month.",
    features,
  },
];

const meta = {
  title: "Components/PlanList",
  component: PlanList,
  tags: ["autodocs"],
  parameters: { layout: "padded" },
  args: {
    plans,
    label: "Plans",
    ctaLabel: "Choose",
    highlightedBadge: "Best value",
    emptyText: "No plans are available right now. Please check back soon.",
    previousLabel: "Previous plan",
    nextLabel: "Next plan",
  },
} satisfies Meta<typeof PlanList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Empty: Story = { args: { plans: [] } };

export const Russian: Story = {
  args: {
    label: "Тарифы",
    ctaLabel: "Выбрать",
    highlightedBadge: "Выгоднее всего",
    previousLabel: "Предыдущий тариф",
    nextLabel: "Следующий тариф",
    plans: [
      { id: "week", title: "1 неделя", price: "2 $", period: "/ неделя", days: "7 дней" },
      { id: "month", title: "1 месяц", price: "5 $", period: "/ месяц", days: "30 дней" },
      { id: "halfYear", title: "6 месяцев", price: "25 $", period: "/ полгода", days: "180 дней" },
      { id: "year", title: "1 год", price: "45 $", period: "/ год", days: "365 дней" },
    ],
  },
};

/** Every visual state: the four plans (carousel below 768 px, grid above) and the empty state. */
export const Matrix: Story = {
  render: (args) => (
    <MatrixGrid>
      <MatrixRow title="Four plans, the fourth highlighted" className="block">
        <PlanList {...args} />
      </MatrixRow>
      <MatrixRow title="No plans" className="block">
        <PlanList {...args} label="Plans, empty" plans={[]} />
      </MatrixRow>
    </MatrixGrid>
  ),
};
