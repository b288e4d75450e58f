import { composeStories } from "@storybook/react-vite";
import { render, screen } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import * as React from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { axe } from "../../test/axe.js";
import { Button } from "../button/index.js";
import { DialogContent, DialogDescription, DialogHeader, DialogRoot, DialogTitle } from "./dialog.js";
import * as stories from "./dialog.stories.js";

/** react-remove-scroll marks the body with a use counter while any modal dialog is open. */
function pageIsLocked() {
  return document.body.hasAttribute("data-scroll-locked");
}

// The stories are the fixtures: Playground (trigger, title, description, Cancel/Confirm, corner
// close) and Stacked (a dialog opened from a dialog).
const { Playground, Stacked } = composeStories(stories);

/** The Playground story after another control, to see what the open dialog hides. */
function PlaygroundOnAPage() {
  return (
    <>
      <button type="button">Before</button>
      <Playground />
    </>
  );
}

describe("given a default Dialog", () => {
  let user: UserEvent;

  beforeEach(() => {
    user = userEvent.setup();
    render(<PlaygroundOnAPage />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should tell assistive technology the trigger opens a dialog", () => {
    expect(screen.getByRole("button", { name: "Open dialog" })).toHaveAttribute("aria-haspopup", "dialog");
    expect(screen.getByRole("button", { name: "Open dialog" })).toHaveAttribute("aria-expanded", "false");
  });

  it("should not lock the page while closed", () => {
    expect(pageIsLocked()).toBe(false);
  });

  describe("after clicking the trigger", () => {
    beforeEach(async () => {
      await user.click(screen.getByRole("button", { name: "Open dialog" }));
    });

    it("should have no accessibility violations", async () => {
      expect(await axe(document.body)).toHaveNoViolations();
    });

    it("should show a dialog named by its title and described by its message", () => {
      const dialog = screen.getByRole("dialog", { name: "Dialog title" });
      expect(dialog).toHaveAccessibleDescription("A short message that explains what happened and what to do next.");
    });

    it("should move focus into the dialog", () => {
      expect(screen.getByRole("dialog", { name: "Dialog title" })).toContainElement(
        document.activeElement as HTMLElement,
      );
    });

    it("should lock page scrolling", () => {
      expect(pageIsLocked()).toBe(true);
    });

    it("should hide the rest of the page from assistive technology", () => {
      expect(screen.queryByRole("button", { name: "Before" })).not.toBeInTheDocument();
    });

    it("should keep focus inside when tabbing past the last action", async () => {
      await user.tab();
      await user.tab();
      await user.tab();
      expect(screen.getByRole("dialog", { name: "Dialog title" })).toContainElement(
        document.activeElement as HTMLElement,
      );
    });

    it("should close on the footer action and return focus to the trigger", async () => {
      await user.click(screen.getByRole("button", { name: "Confirm" }));
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Open dialog" })).toHaveFocus();
    });

    it("should close on the corner button", async () => {
      await user.click(screen.getByRole("button", { name: "Close" }));
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });

    it("should close on Escape and return focus to the trigger", async () => {
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Open dialog" })).toHaveFocus();
    });

    it("should unlock page scrolling when closed", async () => {
      await user.keyboard("{Escape}");
      expect(pageIsLocked()).toBe(false);
    });
  });
});

describe("given two stacked Dialogs", () => {
  let user: UserEvent;

  beforeEach(async () => {
    user = userEvent.setup();
    render(<Stacked />);
    await user.click(screen.getByRole("button", { name: "Open first dialog" }));
    await user.click(screen.getByRole("button", { name: "Open second dialog" }));
  });

  it("should have no accessibility violations with both open", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should keep the page locked when the top one closes", async () => {
    await user.click(screen.getByRole("button", { name: "Close second dialog" }));
    expect(screen.getByRole("dialog", { name: "First dialog" })).toBeInTheDocument();
    expect(pageIsLocked()).toBe(true);
  });

  it("should return focus to the inner trigger when the top one closes", async () => {
    await user.click(screen.getByRole("button", { name: "Close second dialog" }));
    expect(screen.getByRole("button", { name: "Open second dialog" })).toHaveFocus();
  });

  it("should unlock the page only when the last one closes", async () => {
    await user.click(screen.getByRole("button", { name: "Close second dialog" }));
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(pageIsLocked()).toBe(false);
  });
});

function ChoosePlan() {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Choose plan</Button>
      <DialogRoot open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel="Close">
          <DialogHeader>
            <DialogTitle>Action unavailable</DialogTitle>
            <DialogDescription>Log in first.</DialogDescription>
          </DialogHeader>
        </DialogContent>
      </DialogRoot>
    </>
  );
}

describe("given a Dialog opened from app state (no DialogTrigger)", () => {
  it("should return focus to the button that opened it on Escape, not drop it on the page", async () => {
    const user = userEvent.setup();
    render(<ChoosePlan />);
    await user.tab();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("dialog", { name: "Action unavailable" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Choose plan" })).toHaveFocus();
  });
});
