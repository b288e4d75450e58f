import { virtual } from "@guidepup/virtual-screen-reader";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../components/accordion/accordion.js";
import { Button } from "../components/button/button.js";
import {
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
  DialogTrigger,
} from "../components/dialog/dialog.js";
import { nextUntil } from "../test/screen-reader.js";

/* What a screen reader says for the disclosure and the modal (see screen-reader.test.tsx). */

afterEach(async () => {
  await virtual.stop();
});

function ActionUnavailable() {
  return (
    <DialogRoot>
      <DialogTrigger asChild>
        <Button>Choose plan</Button>
      </DialogTrigger>
      <DialogContent size="sm" closeLabel="Close dialog">
        <DialogHeader>
          <DialogTitle>Action unavailable</DialogTitle>
          <DialogDescription>Log in or create an account to choose a plan.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button>Log in</Button>
        </DialogFooter>
      </DialogContent>
    </DialogRoot>
  );
}

describe("Dialog", () => {
  it("should read the dialog by its title and description when it opens, and return focus to the trigger on Escape", async () => {
    render(<ActionUnavailable />);
    await virtual.start({ container: document.body });
    await nextUntil("button, Choose plan");
    await virtual.press("Enter");
    await nextUntil("button, Log in");
    const log = await virtual.spokenPhraseLog();
    expect(log).toContain("button, Choose plan, not expanded, has popup dialog");
    expect(log).toContain("dialog, Action unavailable, Log in or create an account to choose a plan.");
    // Closed with the reader stopped: the simulated reader throws naming the labelled dialog once
    // it has left the document. Focus back on the trigger is what a reader then reads.
    await virtual.stop();
    await userEvent.keyboard("{Escape}");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Choose plan" }));
  });

  it("should announce an error dialog assertively by its title as it opens", async () => {
    render(
      <DialogRoot defaultOpen>
        <DialogContent role="alertdialog" size="sm">
          <DialogHeader tone="danger">
            <DialogTitle>Payment Error</DialogTitle>
            <DialogDescription>The selected token is unavailable.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button>Close</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </DialogRoot>,
    );
    // The reader is stopped (afterEach) before the dialog goes: the simulated reader cannot name a
    // live region that has left the document.
    await virtual.start({ container: document.body });
    await nextUntil("button, Close");
    const log = await virtual.spokenPhraseLog();
    expect(log).toContain("alertdialog, Payment Error, The selected token is unavailable.");
    expect(log).toContain("heading, Payment Error, level 2");
  });
});

describe("Accordion", () => {
  it("should read each question as a heading with a collapsed button, then the answer once expanded", async () => {
    const { container } = render(
      <Accordion headingLevel={2}>
        <AccordionItem value="q1">
          <AccordionTrigger>How much does it cost?</AccordionTrigger>
          <AccordionContent>From $2 a week.</AccordionContent>
        </AccordionItem>
        <AccordionItem value="q2">
          <AccordionTrigger>Can I cancel?</AccordionTrigger>
          <AccordionContent>Yes, at any time.</AccordionContent>
        </AccordionItem>
      </Accordion>,
    );
    await virtual.start({ container });
    await nextUntil("button, How much does it cost?");
    await virtual.act();
    await virtual.previous();
    await virtual.next();
    await virtual.next();
    await virtual.next();
    await virtual.next();
    const log = await virtual.spokenPhraseLog();
    expect(log).toContain("heading, How much does it cost?, level 2");
    expect(log).toContain("button, How much does it cost?, 1 control, not expanded");
    expect(log).toContain("button, How much does it cost?, 1 control, expanded");
    expect(log.join("\n")).toMatch(/region, How much does it cost\?/);
    expect(log).toContain("From $2 a week.");
    // A closed answer is never read.
    expect(log).not.toContain("Yes, at any time.");
  });
});
