import type { Meta, StoryObj } from "@storybook/react-vite";
import { Inbox, Receipt, SearchX } from "lucide-react";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Button } from "../button/button.js";
import { Card } from "../card/card.js";
import { EmptyState } from "./empty-state.js";

const meta = {
  title: "Components/EmptyState",
  component: EmptyState,
  tags: ["autodocs"],
  args: {
    icon: <Receipt />,
    title: "No payments yet",
    description: "Your payments will appear here after your first purchase.",
    action: (
      <Button asChild>
        <a href="#pricing">Choose a plan</a>
      </Button>
    ),
    variant: "bordered",
  },
  argTypes: { variant: { control: "inline-radio", options: ["plain", "bordered"] } },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Plain: Story = { args: { variant: "plain" } };

export const WithoutAction: Story = {
  args: { icon: <Inbox />, title: "No messages", description: "We will write to you here.", action: undefined },
};

export const TitleOnly: Story = { args: { icon: undefined, description: undefined, action: undefined } };

export const Matrix: Story = {
  render: () => (
    <MatrixGrid className="max-w-3xl">
      <MatrixRow title="Bordered, with action" className="block">
        <EmptyState
          variant="bordered"
          icon={<Receipt />}
          title="No payments yet"
          description="Your payments will appear here after your first purchase."
          action={
            <>
              <Button asChild>
                <a href="#pricing">Choose a plan</a>
              </Button>
              <Button variant="outline">Contact support</Button>
            </>
          }
        />
      </MatrixRow>
      <MatrixRow title="Plain, inside a card" className="block">
        <Card className="py-0">
          <EmptyState
            icon={<SearchX />}
            title="Nothing found"
            description="Try a different search term or clear the filters."
            action={<Button variant="secondary">Clear filters</Button>}
          />
        </Card>
      </MatrixRow>
      <MatrixRow title="Minimal" className="block">
        <EmptyState variant="bordered" title="No devices connected" />
      </MatrixRow>
    </MatrixGrid>
  ),
};
