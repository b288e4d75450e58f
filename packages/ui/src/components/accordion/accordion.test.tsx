import { act, render, screen } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "../../test/axe.js";
import { Accordion, AccordionContent, AccordionItem, type AccordionProps, AccordionTrigger } from "./accordion.js";

const FAQ = [
  { id: "q1", question: "Which devices are supported?", answer: "Android only for now." },
  { id: "q2", question: "How much does it cost?", answer: "From $2 a week." },
  { id: "q3", question: "Can I cancel?", answer: "Yes, any time." },
];

function Faq(props: Omit<AccordionProps, "children">) {
  return (
    <Accordion {...props}>
      {FAQ.map((entry) => (
        <AccordionItem key={entry.id} value={entry.id}>
          <AccordionTrigger>{entry.question}</AccordionTrigger>
          <AccordionContent>{entry.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

const trigger = (name: string) => screen.getByRole("button", { name });

describe("given a default Accordion", () => {
  let user: UserEvent;

  beforeEach(() => {
    user = userEvent.setup();
    render(<Faq />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should put each button in a heading of level 3", () => {
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(3);
    expect(screen.getByRole("heading", { level: 3, name: "Can I cancel?" })).toContainElement(trigger("Can I cancel?"));
  });

  it("should start with every item closed", () => {
    for (const entry of FAQ) expect(trigger(entry.question)).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
  });

  it("should keep a closed answer in the page, hidden until the browser's find reaches it", () => {
    const answer = screen.getByText("From $2 a week.");
    expect(answer).not.toBeVisible();
    expect(answer.closest("[data-slot=accordion-content]")).toHaveAttribute("hidden", "until-found");
  });

  it("should open the item whose closed answer find in page matched", () => {
    const panel = screen.getByText("From $2 a week.").closest("[data-slot=accordion-content]") as HTMLElement;
    act(() => {
      panel.dispatchEvent(new Event("beforematch", { bubbles: true }));
    });
    expect(trigger("How much does it cost?")).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("region", { name: "How much does it cost?" })).toBeVisible();
  });

  describe("after opening an item", () => {
    beforeEach(async () => {
      await user.click(trigger("How much does it cost?"));
    });

    it("should have no accessibility violations", async () => {
      expect(await axe(document.body)).toHaveNoViolations();
    });

    it("should mark the button expanded", () => {
      expect(trigger("How much does it cost?")).toHaveAttribute("aria-expanded", "true");
    });

    it("should show the answer in a region labelled by the button it is controlled by", () => {
      const region = screen.getByRole("region", { name: "How much does it cost?" });
      expect(region).toHaveTextContent("From $2 a week.");
      expect(trigger("How much does it cost?")).toHaveAttribute("aria-controls", region.id);
    });

    it("should keep other items open when another opens", async () => {
      await user.click(trigger("Can I cancel?"));
      expect(screen.getAllByRole("region")).toHaveLength(2);
    });

    it("should close again on a second press", async () => {
      await user.click(trigger("How much does it cost?"));
      expect(trigger("How much does it cost?")).toHaveAttribute("aria-expanded", "false");
      expect(screen.getByText("From $2 a week.")).not.toBeVisible();
    });

    it("should toggle from the keyboard", async () => {
      await user.keyboard("{Enter}");
      expect(trigger("How much does it cost?")).toHaveAttribute("aria-expanded", "false");
      await user.keyboard(" ");
      expect(trigger("How much does it cost?")).toHaveAttribute("aria-expanded", "true");
    });
  });

  it("should move between the buttons with the arrow keys, Home and End", async () => {
    trigger("Which devices are supported?").focus();
    await user.keyboard("{ArrowDown}");
    expect(trigger("How much does it cost?")).toHaveFocus();
    await user.keyboard("{End}");
    expect(trigger("Can I cancel?")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(trigger("Which devices are supported?")).toHaveFocus();
  });

  it("should give each item the id a URL hash can name", () => {
    expect(document.getElementById("q2")).toContainElement(trigger("How much does it cost?"));
  });
});

describe("given an Accordion that allows one open item", () => {
  it("should close the open item when another opens", async () => {
    const user = userEvent.setup();
    render(<Faq multiple={false} defaultValue={["q1"]} />);
    await user.click(trigger("Can I cancel?"));
    expect(trigger("Which devices are supported?")).toHaveAttribute("aria-expanded", "false");
    expect(trigger("Can I cancel?")).toHaveAttribute("aria-expanded", "true");
  });
});

describe("given a controlled Accordion", () => {
  it("should report nothing when the owner passes the same value again", () => {
    const onValueChange = vi.fn();
    const { rerender } = render(<Faq value={["q1"]} onValueChange={onValueChange} />);
    rerender(<Faq value={["q1"]} onValueChange={onValueChange} />);
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it("should report one open item as a list in single mode", async () => {
    const onValueChange = vi.fn();
    render(<Faq multiple={false} value={["q1"]} onValueChange={onValueChange} />);
    await userEvent.click(trigger("Which devices are supported?"));
    expect(onValueChange).toHaveBeenCalledWith([]);
  });

  it("should report the open items and follow the value it is given", async () => {
    const onValueChange = vi.fn();
    const { rerender } = render(<Faq value={["q1"]} onValueChange={onValueChange} />);
    await userEvent.click(trigger("Can I cancel?"));
    expect(onValueChange).toHaveBeenCalledWith(["q1", "q3"]);
    // Not applied until the owner passes it back.
    expect(trigger("Can I cancel?")).toHaveAttribute("aria-expanded", "false");
    rerender(<Faq value={["q3"]} onValueChange={onValueChange} />);
    expect(trigger("Can I cancel?")).toHaveAttribute("aria-expanded", "true");
    expect(trigger("Which devices are supported?")).toHaveAttribute("aria-expanded", "false");
  });
});

describe("given an Accordion with another heading level", () => {
  it("should use that level, and an item's own level where given", () => {
    render(
      <Accordion headingLevel={2}>
        <AccordionItem value="a">
          <AccordionTrigger>First</AccordionTrigger>
          <AccordionContent>One</AccordionContent>
        </AccordionItem>
        <AccordionItem value="b" headingLevel={4}>
          <AccordionTrigger>Second</AccordionTrigger>
          <AccordionContent>Two</AccordionContent>
        </AccordionItem>
      </Accordion>,
    );
    expect(screen.getByRole("heading", { level: 2, name: "First" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 4, name: "Second" })).toBeInTheDocument();
  });
});

describe("given an AccordionTrigger outside an Accordion", () => {
  it("should say where it belongs", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<AccordionTrigger>Lost</AccordionTrigger>)).toThrow(/inside <Accordion>/);
    error.mockRestore();
  });
});
