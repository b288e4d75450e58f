import type { Meta, StoryObj } from "@storybook/react-vite";
import { CircleDollarSign, Coins } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { TokenGrid, type TokenOption } from "./token-grid.js";

const stable = <CircleDollarSign />;
const coin = <Coins />;

/** The ten tokens of docs/product.md §3.2 plus four more, so the show more / show less toggle appears. */
const TOKENS: TokenOption[] = [
  { value: "USDTTRC", label: "USDT", description: "TRC-20", icon: stable },
  { value: "USDTERC", label: "USDT", description: "ERC-20", icon: stable },
  { value: "USDTBSC", label: "USDT", description: "BSC", icon: stable },
  { value: "USDTTON", label: "USDT", description: "TON", icon: stable },
  { value: "USDCERC", label: "USDC", description: "ERC-20", icon: stable },
  { value: "USDCBSC", label: "USDC", description: "BSC", icon: stable },
  { value: "DAIERC", label: "DAI", description: "ERC-20", icon: stable },
  { value: "NOT", label: "Notcoin", description: "TON", icon: coin },
  { value: "AVAX", label: "AVAX", description: "C-Chain", icon: coin },
  { value: "DOGSTON", label: "DOGE", description: "TON", icon: coin },
  { value: "TON", label: "Toncoin", description: "TON", icon: coin },
  { value: "TRX", label: "TRON", description: "TRC-20", icon: coin },
  { value: "ETH", label: "Ether", description: "Ethereum", icon: coin },
  { value: "LTC", label: "Litecoin", description: "Litecoin", icon: coin },
];

const texts = {
  label: "Choose a token",
  showMoreLabel: "Show more",
  showLessLabel: "Show less",
  countText: (shown: number, total: number) => `Showing ${shown} of ${total}`,
};

const meta = {
  title: "Components/TokenGrid",
  component: TokenGrid,
  tags: ["autodocs"],
  args: { ...texts, tokens: TOKENS, onValueChange: fn(), onExpandedChange: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TokenGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Chosen: Story = { args: { defaultValue: "USDTTON" } };

export const Expanded: Story = { args: { defaultExpanded: true, defaultValue: "ETH" } };

export const FewTokens: Story = { args: { tokens: TOKENS.slice(0, 6) } };

export const Loading: Story = { args: { loading: true, loadingLabel: "Loading tokens" } };

export const LoadFailed: Story = { args: { error: "Failed to load token list" } };

export const Empty: Story = { args: { tokens: [], empty: "No tokens are available right now." } };

/** Show more keeps focus on the toggle and the count is announced politely. */
export const ShowMoreAndLess: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Show more" }));
    await expect(canvas.getAllByRole("radio")).toHaveLength(14);
    await expect(canvas.getByRole("status")).toHaveTextContent("Showing 14 of 14");
    const toggle = canvas.getByRole("button", { name: "Show less" });
    await expect(toggle).toHaveFocus();
    await expect(args.onExpandedChange).toHaveBeenCalledWith(true);
  },
};

/** Arrow keys move through the radios and choose as they go. */
export const KeyboardChoice: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: /USDT\s*TRC-20/ }));
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("radio", { name: /USDT\s*ERC-20/ })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith("USDTERC");
  },
};

export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Collapsed, one chosen" className="block">
        <TokenGrid {...texts} tokens={TOKENS} defaultValue="USDTBSC" />
      </MatrixRow>
      <MatrixRow title="Expanded" className="block">
        <TokenGrid {...texts} label="Choose a token (expanded)" tokens={TOKENS} defaultExpanded />
      </MatrixRow>
      <MatrixRow title="Without icons" className="block">
        <TokenGrid
          {...texts}
          label="Choose a token (labels only)"
          tokens={TOKENS.slice(0, 4).map(({ value, label, description }) => ({ value, label, description }))}
        />
      </MatrixRow>
      <MatrixRow title="Loading" className="block">
        <TokenGrid {...texts} label="Choose a token (loading)" tokens={[]} loading loadingLabel="Loading tokens" />
      </MatrixRow>
      <MatrixRow title="Failed" className="block">
        <TokenGrid {...texts} label="Choose a token (failed)" tokens={[]} error="Failed to load token list" />
      </MatrixRow>
      <MatrixRow title="Empty" className="block">
        <TokenGrid {...texts} label="Choose a token (empty)" tokens={[]} empty="No tokens are available right now." />
      </MatrixRow>
    </MatrixGrid>
  ),
  // Shows the focus ring in the screenshots: keyboard focus lands on the chosen token of the first grid.
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getAllByRole("radio", { name: /USDT\s*BSC/ })[0]).toHaveFocus();
  },
};
