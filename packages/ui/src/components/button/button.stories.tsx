import type { Meta, StoryObj } from "@storybook/react-vite";
import { ArrowRight, Download, Plus, Trash2 } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Button, linkVariants } from "./button.js";

const meta = {
  title: "Components/Button",
  component: Button,
  tags: ["autodocs"],
  args: { children: "Continue", onClick: fn() },
  argTypes: {
    variant: { control: "select", options: ["primary", "secondary", "outline", "ghost", "danger", "link"] },
    size: { control: "select", options: ["sm", "md", "lg", "icon"] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Secondary: Story = { args: { variant: "secondary", children: "Manage subscription" } };

export const Outline: Story = { args: { variant: "outline", children: "Cancel" } };

export const Ghost: Story = { args: { variant: "ghost", children: "Skip for now" } };

export const Danger: Story = { args: { variant: "danger", children: "Delete account" } };

export const LinkVariant: Story = { name: "Link", args: { variant: "link", children: "Resend code" } };

export const WithIcon: Story = {
  args: {
    children: (
      <>
        Get Veil
        <ArrowRight aria-hidden="true" />
      </>
    ),
  },
};

export const IconOnly: Story = {
  args: { size: "icon", variant: "outline", "aria-label": "Add device", children: <Plus aria-hidden="true" /> },
};

export const Disabled: Story = { args: { disabled: true } };

export const Loading: Story = {
  args: { loading: true, children: "Processing payment" },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Processing payment" });
    await expect(button).toHaveAttribute("aria-busy", "true");
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const AsLink: Story = {
  args: { asChild: true, children: <a href="#plans">See plans</a> },
};

/** `inline` is for running text (always underlined); `standalone` and `muted` stand on their own. */
export const LinkStyles: Story = {
  render: () => (
    <div className="flex flex-col gap-4 text-sm">
      <p className="max-w-prose text-text">
        By continuing you accept the{" "}
        <a className={linkVariants()} href="#terms">
          terms of service
        </a>
        .
      </p>
      <a className={linkVariants({ variant: "standalone" })} href="#forgot">
        Forgot password?
      </a>
      <a className={linkVariants({ variant: "muted" })} href="#faq">
        FAQ
      </a>
    </div>
  ),
};

const variants = ["primary", "secondary", "outline", "ghost", "danger", "link"] as const;
const sizes = ["sm", "md", "lg"] as const;

/** Every visual state on one canvas; the visual-regression suite screenshots this story. */
export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Keyboard focus">
        <Button>Focused</Button>
      </MatrixRow>
      {variants.map((variant) => (
        <MatrixRow key={variant} title={variant}>
          {sizes.map((size) => (
            <Button key={size} variant={variant} size={size}>
              {variant === "danger" ? "Delete" : "Continue"}
            </Button>
          ))}
          <Button variant={variant}>
            <Download aria-hidden="true" />
            With icon
          </Button>
          {variant === "link" ? null : (
            <Button variant={variant} size="icon" aria-label={`Remove (${variant})`}>
              <Trash2 aria-hidden="true" />
            </Button>
          )}
          <Button variant={variant} disabled>
            Disabled
          </Button>
          <Button variant={variant} loading>
            Loading
          </Button>
        </MatrixRow>
      ))}
      <MatrixRow title="As link and link styles">
        <Button asChild>
          <a href="#plans">See plans</a>
        </Button>
        <a className={linkVariants()} href="#terms">
          Inline link
        </a>
        <a className={linkVariants({ variant: "standalone" })} href="#support">
          Standalone link
        </a>
        <a className={linkVariants({ variant: "muted" })} href="#faq">
          Muted link
        </a>
      </MatrixRow>
    </MatrixGrid>
  ),
  // Shows the focus ring in the screenshots: keyboard focus lands on the first button.
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole("button", { name: "Focused" })).toHaveFocus();
  },
};
