import type { Meta, StoryObj } from "@storybook/react-vite";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { PlanCard } from "./plan-card.js";

const meta = {
  title: "Components/PlanCard",
  component: PlanCard,
  tags: ["autodocs"],
  args: {
    title: "1 Month",
    price: 5,
    period: "/ month",
    days: "30 days",
    description: "Full protection, billed monthly. Cancel any time.",
    features: ["All server locations", "No-logs policy", "Up to 5 devices"],
    ctaLabel: "Choose",
    badge: "Best value",
  },
  // One card is as wide as a column of the pricing grid. Not the Matrix: it lays out its own grid
  // of four (a story's decorators add to these, they do not replace them).
  decorators: [
    (Story, { name }) =>
      name === "Matrix" ? (
        <Story />
      ) : (
        <div className="max-w-80">
          <Story />
        </div>
      ),
  ],
} satisfies Meta<typeof PlanCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Highlighted: Story = {
  args: { title: "1 Year", price: 45, period: "/ year", days: "365 days", highlighted: true },
};

export const Minimal: Story = {
  args: { description: undefined, features: undefined, days: undefined },
};

export const Russian: Story = {
  args: {
    title: "1 год",
    price: "45 $",
    period: "/ год",
    days: "365 дней",
    description: "Полная защита с оплатой раз в год.",
    features: ["Все локации серверов", "Никаких логов", "До 5 устройств"],
    ctaLabel: "Выбрать",
    badge: "Выгоднее всего",
    highlighted: true,
  },
};

/** Every visual state: plain, highlighted, minimal, and long Russian text. */
export const Matrix: Story = {
  render: (args) => (
    <MatrixGrid>
      <MatrixRow
        title="Plain, highlighted, minimal, Russian"
        className="grid max-w-6xl items-stretch sm:grid-cols-2 lg:grid-cols-4"
      >
        <PlanCard {...args} />
        <PlanCard {...args} title="1 Year" price={45} period="/ year" days="365 days" highlighted />
        <PlanCard
          {...args}
          title="1 Week"
          price={2}
          period="/ week"
          days="7 days"
          description={undefined}
          features={undefined}
        />
        <PlanCard
          {...args}
          title="6 месяцев"
          price="25 $"
          period="/ полгода"
          days="180 дней"
          description="Полгода защиты по выгодной цене."
          features={["Все локации серверов", "Никаких логов"]}
          ctaLabel="Выбрать"
        />
      </MatrixRow>
    </MatrixGrid>
  ),
};
