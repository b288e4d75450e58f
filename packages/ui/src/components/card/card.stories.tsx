import type { Meta, StoryObj } from "@storybook/react-vite";
import { Check, MoreHorizontal } from "lucide-react";
import { expect, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Button } from "../button/button.js";
import { StatusBadge } from "../status-badge/status-badge.js";
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card.js";

const meta = {
  title: "Components/Card",
  component: Card,
  tags: ["autodocs"],
  args: { variant: "default" },
  argTypes: { variant: { control: "inline-radio", options: ["default", "muted", "highlighted"] } },
  render: (args) => (
    <Card {...args} className="max-w-sm">
      <CardHeader>
        <CardTitle>Your subscription</CardTitle>
        <CardDescription>12 months · renews on 12 March 2027</CardDescription>
        <CardAction>
          <StatusBadge status="active">Active</StatusBadge>
        </CardAction>
      </CardHeader>
      <CardContent>
        <p className="text-text-muted">Up to 5 devices. 3 connected right now.</p>
      </CardContent>
      <CardFooter>
        <Button>Extend</Button>
        <Button variant="ghost">Payment history</Button>
      </CardFooter>
    </Card>
  ),
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("heading", { level: 3, name: "Your subscription" }),
    ).toBeInTheDocument();
  },
};

export const Muted: Story = { args: { variant: "muted" } };

export const Highlighted: Story = { args: { variant: "highlighted" } };

const features = ["All locations", "5 devices", "No logs"];

export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Variants" className="items-stretch">
        {(["default", "muted", "highlighted"] as const).map((variant) => (
          <Card key={variant} variant={variant} className="w-full max-w-xs">
            <CardHeader>
              <CardTitle>{variant === "highlighted" ? "12 months" : "1 month"}</CardTitle>
              <CardDescription>{variant === "highlighted" ? "Best value" : "Try it out"}</CardDescription>
              <CardAction>
                <Button variant="ghost" size="icon" aria-label={`More options (${variant})`}>
                  <MoreHorizontal aria-hidden="true" />
                </Button>
              </CardAction>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-2">
                {features.map((feature) => (
                  <li key={feature} className="flex items-center gap-2 text-text">
                    <Check aria-hidden="true" className="size-4 text-success" />
                    {feature}
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter>
              <Button className="w-full" variant={variant === "highlighted" ? "primary" : "outline"}>
                {variant === "highlighted" ? "Get 12 months" : "Get 1 month"}
              </Button>
            </CardFooter>
          </Card>
        ))}
      </MatrixRow>
      <MatrixRow title="Header and content only">
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle headingLevel={2}>Devices</CardTitle>
            <CardDescription>Sign in on up to 5 devices with the same account.</CardDescription>
          </CardHeader>
          <CardContent className="text-text-muted">3 of 5 in use</CardContent>
        </Card>
      </MatrixRow>
    </MatrixGrid>
  ),
};
