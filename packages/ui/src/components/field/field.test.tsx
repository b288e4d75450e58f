import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field, FieldError, FieldHint, FieldLabel, type UseFieldOptions, useField } from "./field.js";

/** A bare control wired only by the field layer, as a consumer would build their own field. */
function CustomField(props: UseFieldOptions & { label: string }) {
  const field = useField(props);
  return (
    <Field invalid={field.invalid}>
      <FieldLabel htmlFor={field.controlId}>{props.label}</FieldLabel>
      <FieldHint id={field.hintId}>{props.hint}</FieldHint>
      <select {...field.controlProps}>
        <option>One</option>
      </select>
      <FieldError id={field.errorId}>{props.error}</FieldError>
    </Field>
  );
}

const control = () => screen.getByRole("combobox", { name: "Country" });

describe("useField", () => {
  it("should name the control by its label and leave it valid without an error", () => {
    render(<CustomField label="Country" />);
    expect(control()).not.toHaveAttribute("aria-invalid");
    expect(control()).not.toHaveAttribute("aria-describedby");
  });

  it("should describe the control by hint, error and the caller's ids, in that order", () => {
    render(
      <>
        <p id="extra">Shipping only</p>
        <CustomField label="Country" hint="Where you live" error="Choose a country" aria-describedby="extra" />
      </>,
    );
    expect(control()).toHaveAttribute("aria-invalid", "true");
    expect(control()).toHaveAccessibleDescription("Where you live Choose a country Shipping only");
  });

  it("should mark the control invalid without drawing an error when only `invalid` is set", () => {
    const { container } = render(<CustomField label="Country" invalid />);
    expect(control()).toHaveAttribute("aria-invalid", "true");
    expect(container.querySelector("[data-slot='field-error']")).toBeNull();
    expect(container.querySelector("[data-slot='field']")).toHaveAttribute("data-invalid", "true");
  });

  it("should keep a caller's id", () => {
    render(<CustomField label="Country" id="country" hint="Where you live" />);
    expect(control()).toHaveAttribute("id", "country");
    expect(control()).toHaveAttribute("aria-describedby", "country-hint");
  });
});
