import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "../../test/axe.js";
import { PasswordField } from "./password-field.js";

function getPassword() {
  // A password input has no ARIA role; it is found by its label.
  return screen.getByLabelText("Password");
}

describe("given a PasswordField", () => {
  beforeEach(() => {
    render(
      <PasswordField
        label="Password"
        hint="At least 8 characters"
        showPasswordLabel="Show password"
        hidePasswordLabel="Hide password"
      />,
    );
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should hide what is typed", () => {
    expect(getPassword()).toHaveAttribute("type", "password");
  });

  it("should offer to show the password", () => {
    expect(screen.getByRole("button", { name: "Show password" })).toBeInTheDocument();
  });

  it("should reveal the password when the toggle is pressed", async () => {
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(screen.getByRole("textbox", { name: "Password" })).toHaveValue("");
  });

  it("should rename the toggle to say it now hides the password", async () => {
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(screen.getByRole("button", { name: "Hide password" })).toBeInTheDocument();
  });

  it("should have no accessibility violations while the password is shown", async () => {
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should keep what was typed when toggled", async () => {
    const user = userEvent.setup();
    await user.type(getPassword(), "s3cret!");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(screen.getByRole("textbox", { name: "Password" })).toHaveValue("s3cret!");
  });

  it("should toggle from the keyboard", async () => {
    const user = userEvent.setup();
    await user.click(getPassword());
    await user.tab();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("textbox", { name: "Password" })).toBeInTheDocument();
  });

  it("should suggest the current password to password managers by default", () => {
    expect(getPassword()).toHaveAttribute("autocomplete", "current-password");
  });
});

describe("given a controlled, disabled PasswordField with an error", () => {
  it("should report visibility changes to its owner", async () => {
    const onVisibleChange = vi.fn();
    render(
      <PasswordField
        label="Password"
        showPasswordLabel="Show password"
        hidePasswordLabel="Hide password"
        visible={false}
        onVisibleChange={onVisibleChange}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(onVisibleChange).toHaveBeenCalledWith(true);
  });

  it("should disable the toggle with the field", () => {
    render(
      <PasswordField label="Password" showPasswordLabel="Show password" hidePasswordLabel="Hide password" disabled />,
    );
    expect(screen.getByRole("button", { name: "Show password" })).toBeDisabled();
  });

  it("should be invalid and described by the error", () => {
    render(
      <PasswordField
        label="Password"
        showPasswordLabel="Show password"
        hidePasswordLabel="Hide password"
        error="Passwords do not match"
      />,
    );
    expect(getPassword()).toBeInvalid();
    expect(getPassword()).toHaveAccessibleDescription("Passwords do not match");
  });
});
