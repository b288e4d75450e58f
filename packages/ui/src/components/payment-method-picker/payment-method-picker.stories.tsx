import type { Meta, StoryObj } from "@storybook/react-vite";
import { Bitcoin, CreditCard, Globe } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { type PaymentMethod, PaymentMethodPicker } from "./payment-method-picker.js";

/** The payment screen as docs/product.md §2.9 has it: only cryptocurrency can be chosen. */
const METHODS: PaymentMethod[] = [
  {
    id: "ru-card",
    label: "Russian card",
    description: "Mir, Visa, Mastercard from Russian banks",
    icon: <CreditCard />,
    disabled: true,
    disabledReason: "Not available yet",
  },
  {
    id: "foreign-card",
    label: "Foreign card",
    description: "Any country except Russia",
    icon: <Globe />,
    disabled: true,
    disabledReason: "Not available yet",
  },
  { id: "crypto", label: "Cryptocurrency", description: "USDT, USDC, DAI and more", icon: <Bitcoin /> },
];

const meta = {
  title: "Components/PaymentMethodPicker",
  component: PaymentMethodPicker,
  tags: ["autodocs"],
  args: { label: "Payment method", methods: METHODS, onSelect: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-4xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PaymentMethodPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const AllAvailable: Story = {
  args: { methods: METHODS.map(({ disabled, disabledReason, ...method }) => method) },
};

export const WithoutIcons: Story = {
  args: { methods: METHODS.map(({ icon, ...method }) => method) },
};

/** Only cryptocurrency is reachable and clickable; the cards say why they are not. */
export const ChoosingCrypto: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Russian card" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Foreign card" })).toHaveAccessibleDescription(
      "Any country except Russia Not available yet",
    );
    await userEvent.click(canvas.getByRole("button", { name: "Cryptocurrency" }));
    await expect(args.onSelect).toHaveBeenCalledWith("crypto");
  },
};

export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="As on the payment screen" className="block">
        <PaymentMethodPicker label="Payment method" methods={METHODS} onSelect={() => {}} />
      </MatrixRow>
      <MatrixRow title="All available" className="block">
        <PaymentMethodPicker
          label="Payment method (all available)"
          methods={METHODS.map(({ disabled, disabledReason, ...method }) => method)}
          onSelect={() => {}}
        />
      </MatrixRow>
      <MatrixRow title="Without icons or descriptions" className="block">
        <PaymentMethodPicker
          label="Payment method (plain)"
          methods={METHODS.map(({ icon, description, ...method }) => method)}
          onSelect={() => {}}
        />
      </MatrixRow>
    </MatrixGrid>
  ),
  // Shows the focus ring in the screenshots: the first available method takes keyboard focus.
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getAllByRole("button", { name: "Cryptocurrency" })[0]).toHaveFocus();
  },
};
