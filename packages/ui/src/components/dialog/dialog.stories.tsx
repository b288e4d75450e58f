import type { Meta, StoryObj } from "@storybook/react-vite";
import { CircleAlert, LockKeyhole } from "lucide-react";
import * as React from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Button } from "../button/index.js";
import {
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
  DialogTrigger,
} from "./dialog.js";

const meta = {
  title: "Components/Dialog",
  component: DialogContent,
  tags: ["autodocs"],
  args: { closeLabel: "Close", size: "md" },
  argTypes: { size: { control: "select", options: ["sm", "md", "lg"] } },
} satisfies Meta<typeof DialogContent>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The portal renders into document.body, outside the story canvas; queries start there. */
const page = () => within(document.body);

export const Playground: Story = {
  render: (args) => (
    <DialogRoot>
      <DialogTrigger asChild>
        <Button>Open dialog</Button>
      </DialogTrigger>
      <DialogContent {...args}>
        <DialogHeader>
          <DialogTitle>Dialog title</DialogTitle>
          <DialogDescription>A short message that explains what happened and what to do next.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button>Confirm</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </DialogRoot>
  ),
};

/**
 * Landing page, logged out, a plan clicked (docs/product.md §2.6): two ways forward. The actions are links, so
 * they are rendered with `Button asChild` around an anchor (the app passes its router link).
 */
export const ActionUnavailable: Story = {
  render: () => (
    <DialogRoot>
      <DialogTrigger asChild>
        <Button>Choose 1 Month</Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close" size="sm">
        <DialogHeader icon={<LockKeyhole aria-hidden="true" />}>
          <DialogTitle>Action unavailable</DialogTitle>
          <DialogDescription>Log in or create an account to buy a plan.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button asChild variant="outline">
            <a href="#register">Register</a>
          </Button>
          <Button asChild>
            <a href="#login">Login</a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </DialogRoot>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Choose 1 Month" }));
    const dialog = await page().findByRole("dialog", { name: "Action unavailable" });
    await expect(within(dialog).getByRole("link", { name: "Login" })).toHaveAttribute("href", "#login");
    await expect(within(dialog).getByRole("link", { name: "Register" })).toHaveAttribute("href", "#register");
  },
};

/**
 * Payment start failed (docs/product.md §8.3): one way out. `role="alertdialog"` because it reports an error
 * the user must acknowledge; focus starts on the only action.
 */
export const PaymentError: Story = {
  render: () => (
    <DialogRoot>
      <DialogTrigger asChild>
        <Button>Pay with USDT TRC-20</Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" size="sm">
        <DialogHeader tone="danger" icon={<CircleAlert aria-hidden="true" />}>
          <DialogTitle>Payment Error</DialogTitle>
          <DialogDescription>
            The selected token is unavailable or the amount is too low. Please try another token or payment method.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </DialogRoot>
  ),
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Pay with USDT TRC-20" });
    await userEvent.click(trigger);
    const dialog = await page().findByRole("alertdialog", { name: "Payment Error" });
    await expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** A dialog opened from a dialog. The page stays locked until the last one closes. */
export const Stacked: Story = {
  render: () => (
    <DialogRoot>
      <DialogTrigger asChild>
        <Button>Open first dialog</Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close first dialog">
        <DialogHeader>
          <DialogTitle>First dialog</DialogTitle>
          <DialogDescription>Opening the second dialog stacks it on top of this one.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogRoot>
            <DialogTrigger asChild>
              <Button variant="outline">Open second dialog</Button>
            </DialogTrigger>
            <DialogContent size="sm">
              <DialogHeader>
                <DialogTitle>Second dialog</DialogTitle>
                <DialogDescription>Closing this one leaves the first dialog open.</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button>Close second dialog</Button>
                </DialogClose>
              </DialogFooter>
            </DialogContent>
          </DialogRoot>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </DialogRoot>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Open first dialog" }));
    await userEvent.click(await page().findByRole("button", { name: "Open second dialog" }));
    await userEvent.click(await page().findByRole("button", { name: "Close second dialog" }));
    await expect(page().getByRole("dialog", { name: "First dialog" })).toBeInTheDocument();
    await waitFor(() => expect(page().getByRole("button", { name: "Open second dialog" })).toHaveFocus());
    await expect(document.body).toHaveAttribute("data-scroll-locked");
  },
};

/**
 * A long page behind a dialog, for the keyboard/scroll suite (e2e/keyboard/dialog.spec.ts). The
 * trigger sits in a sticky bar so clicking it never scrolls the page by itself.
 */
export const ScrollLock: Story = {
  render: () => (
    <div>
      <div className="sticky top-0 z-10 flex gap-3 border-b border-border bg-surface p-3">
        <DialogRoot>
          <DialogTrigger asChild>
            <Button>Open dialog</Button>
          </DialogTrigger>
          <DialogContent closeLabel="Close">
            <DialogHeader>
              <DialogTitle>Page is locked</DialogTitle>
              <DialogDescription>Wheel, touch and keys must not scroll the page behind this dialog.</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogRoot>
                <DialogTrigger asChild>
                  <Button variant="outline">Open second dialog</Button>
                </DialogTrigger>
                <DialogContent size="sm">
                  <DialogTitle>Second dialog</DialogTitle>
                  <DialogDescription>The page unlocks only after both dialogs close.</DialogDescription>
                  <DialogFooter>
                    <DialogClose asChild>
                      <Button>Close second dialog</Button>
                    </DialogClose>
                  </DialogFooter>
                </DialogContent>
              </DialogRoot>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </DialogRoot>
      </div>
      <div className="grid gap-4 py-4">
        {Array.from({ length: 40 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static filler paragraphs
          <p key={index} className="text-text-muted">
            Paragraph {index + 1} of a long page that would scroll behind an unlocked dialog.
          </p>
        ))}
      </div>
    </div>
  ),
};

/**
 * Open panels drawn in place for the screenshot: non-modal and portalled into their own cell (a
 * modal dialog covers the whole viewport, so only one could be seen). The first cell shows the
 * overlay tint behind a panel.
 */
function InPlace({
  children,
  size,
  role,
  closeLabel = "Close",
}: {
  children: React.ReactNode;
  size?: "sm" | "md" | "lg";
  role?: string;
  closeLabel?: string;
}) {
  const [cell, setCell] = React.useState<HTMLDivElement | null>(null);
  return (
    <div ref={setCell} className="relative w-full max-w-lg">
      {cell ? (
        <DialogRoot open modal={false}>
          <DialogContent
            container={cell}
            size={size}
            role={role}
            closeLabel={closeLabel || undefined}
            className="relative top-auto left-auto w-full translate-x-0 translate-y-0"
            onOpenAutoFocus={(event) => event.preventDefault()}
            onInteractOutside={(event) => event.preventDefault()}
          >
            {children}
          </DialogContent>
        </DialogRoot>
      ) : null}
    </div>
  );
}

export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Over the page (overlay)">
        <div className="relative flex w-full max-w-xl items-center justify-center overflow-hidden rounded-xl border border-border bg-surface p-8">
          <div aria-hidden="true" className="absolute inset-0 grid content-start gap-3 p-6">
            <div className="h-4 w-2/3 rounded bg-surface-muted" />
            <div className="h-4 w-1/2 rounded bg-surface-muted" />
            <div className="h-24 rounded-lg bg-primary-subtle" />
          </div>
          <div aria-hidden="true" className="absolute inset-0 bg-overlay" />
          <InPlace size="sm">
            <DialogHeader icon={<LockKeyhole aria-hidden="true" />}>
              <DialogTitle>Action unavailable</DialogTitle>
              <DialogDescription>Log in or create an account to buy a plan.</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline">Register</Button>
              <Button>Login</Button>
            </DialogFooter>
          </InPlace>
        </div>
      </MatrixRow>
      <MatrixRow title="Error, one action">
        <InPlace size="sm" role="alertdialog" closeLabel="">
          <DialogHeader tone="danger" icon={<CircleAlert aria-hidden="true" />}>
            <DialogTitle>Payment Error</DialogTitle>
            <DialogDescription>An error occurred while creating the payment. Please try again later.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button>Close</Button>
          </DialogFooter>
        </InPlace>
      </MatrixRow>
      <MatrixRow title="Text only, medium">
        <InPlace>
          <DialogHeader>
            <DialogTitle>Delete account?</DialogTitle>
            <DialogDescription>
              Your subscription ends immediately and your payment history is removed. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline">Cancel</Button>
            <Button variant="danger">Delete account</Button>
          </DialogFooter>
        </InPlace>
      </MatrixRow>
    </MatrixGrid>
  ),
  // Shows the focus ring in the screenshots. Radix puts focus guards (tabbable spans) at the edges
  // of the body while a dialog is mounted, so Tab may first land on one of those.
  play: async ({ canvasElement }) => {
    const register = within(canvasElement).getByRole("button", { name: "Register" });
    for (let presses = 0; presses < 3 && document.activeElement !== register; presses++) await userEvent.tab();
    await expect(register).toHaveFocus();
  },
};
