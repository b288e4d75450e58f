import { render, screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { Bitcoin, CreditCard, Globe } from "lucide-react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "../../test/axe.js";
import { type PaymentMethod, PaymentMethodPicker } from "./payment-method-picker.js";

const METHODS: PaymentMethod[] = [
  {
    id: "ru-card",
    label: "Russian card",
    description: "Mir, Visa, Mastercard from Russian banks",
    icon: <CreditCard />,
    disabled: true,
    disabledReason: "Not available yet",
  },
  {
    id: "foreign-card",
    label: "Foreign card",
    description: "Any country except Russia",
    icon: <Globe />,
    disabled: true,
    disabledReason: "Not available yet",
  },
  { id: "crypto", label: "Cryptocurrency", description: "USDT, USDC, DAI and more", icon: <Bitcoin /> },
];

describe("given a PaymentMethodPicker with two unavailable methods", () => {
  let user: UserEvent;
  const onSelect = vi.fn();

  beforeEach(() => {
    user = userEvent.setup();
    onSelect.mockReset();
    render(
      <>
        <button type="button">Before</button>
        <PaymentMethodPicker label="Payment method" methods={METHODS} onSelect={onSelect} />
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
    render(<PaymentMethodPicker label="Payment method" hideLabel methods={METHODS} onSelect={() => {}} />);
    expect(screen.getByRole("group", { name: "Payment method" })).toBeInTheDocument();
  });
});
