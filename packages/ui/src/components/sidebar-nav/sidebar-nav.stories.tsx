import type { Meta, StoryObj } from "@storybook/react-vite";
import { CreditCard, KeyRound, LifeBuoy, ShieldCheck, Trash2, User } from "lucide-react";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { SidebarNav, type SidebarNavItem } from "./sidebar-nav.js";

const items: SidebarNavItem[] = [
  { href: "#profile", label: "Profile", icon: <User /> },
  { href: "#subscription", label: "Subscription Status", icon: <ShieldCheck /> },
  { href: "#payments", label: "Payment History", icon: <CreditCard /> },
  { href: "#change-password", label: "Change Password", icon: <KeyRound /> },
  { href: "#delete", label: "Delete Account", icon: <Trash2 />, tone: "danger" },
  { href: "#support", label: "Support", icon: <LifeBuoy /> },
];

const meta = {
  title: "Components/SidebarNav",
  component: SidebarNav,
  tags: ["autodocs"],
  args: { label: "Account", items, currentHref: "#subscription" },
  render: (args) => (
    <div className="md:w-64">
      <SidebarNav {...args} />
    </div>
  ),
} satisfies Meta<typeof SidebarNav>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const DangerCurrent: Story = { args: { currentHref: "#delete" } };

export const Russian: Story = {
  args: {
    label: "Аккаунт",
    currentHref: "#payments",
    items: [
      { href: "#profile", label: "Профиль", icon: <User /> },
      { href: "#subscription", label: "Статус подписки", icon: <ShieldCheck /> },
      { href: "#payments", label: "История платежей", icon: <CreditCard /> },
      { href: "#change-password", label: "Сменить пароль", icon: <KeyRound /> },
      { href: "#delete", label: "Удалить аккаунт", icon: <Trash2 />, tone: "danger" },
      { href: "#support", label: "Поддержка", icon: <LifeBuoy /> },
    ],
  },
};

/** Every visual state: current entry first, in the middle (scrolled into view when narrow), a danger entry, and none. */
export const Matrix: Story = {
  render: (args) => (
    <MatrixGrid className="grid md:grid-cols-2 lg:grid-cols-4">
      {(
        [
          ["#profile", "First entry current"],
          ["#payments", "Middle entry current"],
          ["#delete", "Danger entry current"],
          [undefined, "No entry current"],
        ] as const
      ).map(([currentHref, title]) => (
        <MatrixRow key={title} title={title} className="block min-w-0">
          <div className="rounded-xl border border-border bg-surface p-3 shadow-card">
            <SidebarNav {...args} label={`Account, ${title}`} currentHref={currentHref} />
          </div>
        </MatrixRow>
      ))}
    </MatrixGrid>
  ),
};
