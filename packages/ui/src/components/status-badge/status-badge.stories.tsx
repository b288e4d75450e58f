import type { Meta, StoryObj } from "@storybook/react-vite";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { StatusBadge } from "./status-badge.js";

const meta = {
  title: "Components/StatusBadge",
  component: StatusBadge,
  tags: ["autodocs"],
  args: { status: "success", children: "Paid" },
  argTypes: { status: { control: "inline-radio", options: ["success", "pending", "rejected", "active", "inactive"] } },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Pending: Story = { args: { status: "pending", children: "In progress" } };

export const Rejected: Story = { args: { status: "rejected", children: "Rejected" } };

export const Active: Story = { args: { status: "active", children: "Active" } };

export const Inactive: Story = { args: { status: "inactive", children: "Inactive" } };

export const Russian: Story = { args: { status: "pending", children: "В обработке", lang: "ru" } };

export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Payments">
        <StatusBadge status="success">Paid</StatusBadge>
        <StatusBadge status="pending">In progress</StatusBadge>
        <StatusBadge status="rejected">Rejected</StatusBadge>
      </MatrixRow>
      <MatrixRow title="Subscription">
        <StatusBadge status="active">Active</StatusBadge>
        <StatusBadge status="inactive">Inactive</StatusBadge>
      </MatrixRow>
      <MatrixRow title="Russian">
        <span lang="ru" className="contents">
          <StatusBadge status="success">Оплачено</StatusBadge>
          <StatusBadge status="pending">В обработке</StatusBadge>
          <StatusBadge status="rejected">Отклонено</StatusBadge>
          <StatusBadge status="active">Активна</StatusBadge>
          <StatusBadge status="inactive">Неактивна</StatusBadge>
        </span>
      </MatrixRow>
    </MatrixGrid>
  ),
};
