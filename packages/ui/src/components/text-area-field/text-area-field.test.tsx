import { composeStories } from "@storybook/react-vite";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fn } from "storybook/test";
import { describe, expect, it } from "vitest";
import { axe } from "../../test/axe.js";
import * as stories from "./text-area-field.stories.js";

const { Playground, WithError } = composeStories(stories);
const message = () => screen.getByRole("textbox", { name: "Message" });

describe("given a TextAreaField with a hint", () => {
  it("should have no accessibility violations", async () => {
    render(<Playground />);
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should be a multi-line textbox named by its label and described by the hint", () => {
    render(<Playground />);
    expect(message().tagName).toBe("TEXTAREA");
    expect(message()).toHaveAccessibleDescription("We reply within 24 hours");
    expect(message()).not.toHaveAttribute("aria-invalid");
  });

  it("should report the text as it is typed", async () => {
    const onValueChange = fn();
    render(<Playground onValueChange={onValueChange} />);
    await userEvent.type(message(), "Hi");
    expect(onValueChange.mock.calls).toEqual([["H"], ["Hi"]]);
  });
});

describe("given a TextAreaField with an error", () => {
  it("should have no accessibility violations", async () => {
    render(<WithError />);
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should be invalid and described by the hint, then the error", () => {
    render(<WithError />);
    expect(message()).toHaveAttribute("aria-invalid", "true");
    expect(message()).toHaveAttribute("aria-required", "true");
    expect(message()).toHaveAccessibleDescription("We reply within 24 hours Please fill out all fields");
  });

  it("should not announce the error as a live region", () => {
    render(<WithError />);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
