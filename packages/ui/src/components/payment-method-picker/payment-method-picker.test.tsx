import { composeStories } from "@storybook/react-vite";
import { render, screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { fn } from "storybook/test";
import { beforeEach, describe, expect, it } from "vitest";
import { axe } from "../../test/axe.js";
import * as stories from "./payment-method-picker.stories.js";

// The Playground story (the spec's three methods, only crypto available) is the fixture.
const { Playground } = composeStories(stories);

describe("given a PaymentMethodPicker with two unavailable methods", () => {
  let user: UserEvent;
  const onSelect = fn();

  beforeEach(() => {
    user = userEvent.setup();
    onSelect.mockReset();
    render(
      <>
        <button type="button">Before</button>
        <Playground onSelect={onSelect} />
      </>,
    );
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should offer every method as a button in a labelled group", () => {
    const group = screen.getByRole("group", { name: "Payment method" });
    expect(within(group).getAllByRole("button")).toHaveLength(3);
  });

  it("should name each button by its method only", () => {
    expect(screen.getByRole("button", { name: "Cryptocurrency" })).toHaveAccessibleDescription(
      "USDT, USDC, DAI and more",
    );
  });

  it("should call onSelect with the method chosen", async () => {
    await user.click(screen.getByRole("button", { name: "Cryptocurrency" }));
    expect(onSelect).toHaveBeenCalledWith("crypto");
  });

  it("should choose with the keyboard", async () => {
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    await user.keyboard("{Enter}");
    expect(onSelect).toHaveBeenCalledWith("crypto");
  });

  it("should disable the unavailable methods", () => {
    expect(screen.getByRole("button", { name: "Russian card" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Foreign card" })).toBeDisabled();
  });

  it("should skip the unavailable methods when tabbing", async () => {
    await user.click(screen.getByRole("button", { name: "Before" }));
    await user.tab();
    expect(screen.getByRole("button", { name: "Cryptocurrency" })).toHaveFocus();
  });

  it("should ignore clicks on an unavailable method", async () => {
    await user.click(screen.getByRole("button", { name: "Russian card" }));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("should say why a method is unavailable", () => {
    expect(screen.getByRole("button", { name: "Foreign card" })).toHaveAccessibleDescription(
      "Any country except Russia Not available yet",
    );
  });
});

describe("given a PaymentMethodPicker with a hidden label", () => {
  it("should still name the group", () => {
    render(<Playground hideLabel />);
    expect(screen.getByRole("group", { name: "Payment method" })).toBeInTheDocument();
  });
});
