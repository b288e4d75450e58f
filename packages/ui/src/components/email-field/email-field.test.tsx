import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { axe } from "../../test/axe.js";
import { EmailField } from "./email-field.js";

// A no-break space: what comes along when an address is copied from a web page or a mail. Unlike
// ASCII spaces, the browser's e-mail sanitisation does not strip it.
const NBSP = "\u00a0";

function RegisteredForm({ onValid }: { onValid: (values: { email: string }) => void }) {
  const { register, handleSubmit } = useForm<{ email: string }>({ defaultValues: { email: "" } });
  // noValidate: the app shows its own localised messages instead of the browser's bubbles.
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <EmailField label="E-mail" {...register("email")} />
      <button type="submit">Log in</button>
    </form>
  );
}

describe("given an EmailField", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(<EmailField label="E-mail" />);
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should be an e-mail input with e-mail autofill", () => {
    render(<EmailField label="E-mail" />);
    const input = screen.getByRole("textbox", { name: "E-mail" });
    expect(input).toHaveAttribute("type", "email");
    expect(input).toHaveAttribute("autocomplete", "email");
  });

  it("should trim the value when the user leaves the field", async () => {
    const user = userEvent.setup();
    render(<EmailField label="E-mail" />);
    const input = screen.getByRole("textbox", { name: "E-mail" });
    await user.type(input, `${NBSP}ana@example.com${NBSP}`);
    await user.tab();
    expect(input).toHaveValue("ana@example.com");
  });

  it("should tell a controlled owner about the trimmed value", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<EmailField label="E-mail" onChange={(event) => onChange(event.target.value)} />);
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), `ana@example.com${NBSP}`);
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith("ana@example.com");
  });
});

describe("given an EmailField registered with react-hook-form", () => {
  it("should submit the trimmed value when the user presses Enter", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<RegisteredForm onValid={onValid} />);
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), `${NBSP}ana@example.com${NBSP}{Enter}`);
    expect(onValid).toHaveBeenCalledWith({ email: "ana@example.com" }, expect.anything());
  });

  it("should submit the trimmed value when the form is submitted without leaving the field", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<RegisteredForm onValid={onValid} />);
    const input = screen.getByRole<HTMLInputElement>("textbox", { name: "E-mail" });
    await user.type(input, `ana@example.com${NBSP}`);
    // Safari does not focus a clicked button, so the field may never blur: submit programmatically.
    input.form?.requestSubmit();
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: "ana@example.com" }, expect.anything()));
  });
});
