import type { Meta, StoryObj } from "@storybook/react-vite";
import { Receipt } from "lucide-react";
import { expect, userEvent, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { PaymentsTable, type PaymentsTableRow } from "./payments-table.js";

const methods = ["Cryptocurrency (USDT)", "Cryptocurrency (BTC)", "Cryptocurrency (TON)"];
const statuses = ["success", "success", "pending", "success", "rejected", "success", "success", "pending"] as const;
const amounts = ["$45", "$5", "$25", "$2", "$5", "$45", "$25", "$5"];

// Fixed fixtures: no clock, no randomness (stable screenshots).
const rows: PaymentsTableRow[] = statuses.map((status, index) => ({
  id: `payment-${index + 1}`,
  date: `${String(20 - index * 2).padStart(2, "0")} Nov 2026`,
  amount: amounts[index] ?? "$5",
  method: methods[index % methods.length],
  status,
}));

const meta = {
  title: "Components/PaymentsTable",
  component: PaymentsTable,
  tags: ["autodocs"],
  args: {
    rows,
    caption: "Payment history",
    columns: { date: "Date", amount: "Amount", method: "Method", status: "Status" },
    statusLabels: { success: "Paid", pending: "In progress", rejected: "Rejected" },
    viewAllLabel: "View all",
    hideLabel: "Hide",
    countText: (shown, total) => `Showing ${shown} of ${total} payments`,
    emptyText: "No payments yet",
    emptyDescription: "Your payments will appear here once you buy a plan.",
    emptyIcon: <Receipt />,
    loadingLabel: "Loading payments",
  },
  decorators: [
    (Story) => (
      <div className="max-w-4xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PaymentsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Expanded: Story = { args: { defaultExpanded: true } };

/** "View all" keeps focus on the toggle and updates the polite count. */
export const ViewAll: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "View all" }));
    const toggle = canvas.getByRole("button", { name: "Hide" });
    await expect(toggle).toHaveFocus();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(canvas.getByText("Showing 8 of 8 payments")).toBeVisible();
  },
};

export const FewRows: Story = { args: { rows: rows.slice(0, 3) } };

export const Empty: Story = { args: { rows: [] } };

export const Loading: Story = { args: { loading: true } };

export const HiddenCaption: Story = { args: { hideCaption: true } };

export const Russian: Story = {
  args: {
    caption: "История платежей",
    columns: { date: "Дата", amount: "Сумма", method: "Способ", status: "Статус" },
    statusLabels: { success: "Оплачен", pending: "В обработке", rejected: "Отклонён" },
    viewAllLabel: "Показать все",
    hideLabel: "Скрыть",
    countText: (shown, total) => `Показано ${shown} из ${total}`,
    rows: rows.map((row) => ({ ...row, date: row.date.replace("Nov", "нояб."), method: "Криптовалюта" })),
  },
};

/** Every visual state: collapsed with a toggle, expanded, few rows, loading and empty. */
export const Matrix: Story = {
  render: (args) => (
    <MatrixGrid>
      <MatrixRow title="Collapsed (first 5 of 8)" className="block">
        <PaymentsTable {...args} caption="Payment history, collapsed" />
      </MatrixRow>
      <MatrixRow title="Expanded" className="block">
        <PaymentsTable {...args} caption="Payment history, expanded" defaultExpanded />
      </MatrixRow>
      <MatrixRow title="Three rows, no toggle" className="block">
        <PaymentsTable {...args} caption="Payment history, short" rows={rows.slice(0, 3)} />
      </MatrixRow>
      <MatrixRow title="Loading" className="block">
        <PaymentsTable {...args} caption="Payment history, loading" loading />
      </MatrixRow>
      <MatrixRow title="Empty" className="block">
        <PaymentsTable {...args} caption="Payment history, empty" rows={[]} />
      </MatrixRow>
    </MatrixGrid>
  ),
};
