import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { axe } from "../../test/axe.js";
import { TextField } from "./text-field.js";

describe("given a TextField with a label and a hint", () => {
  beforeEach(() => {
    render(<TextField label="Name" hint="As it appears on your card" required />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should be named by its visible label", () => {
    expect(screen.getByRole("textbox", { name: "Name" })).toBeInTheDocument();
  });

  it("should be described by the hint", () => {
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription("As it appears on your card");
  });

  it("should be announced as required", () => {
    expect(screen.getByRole("textbox", { name: "Name" })).toBeRequired();
  });

  it("should not be invalid while there is no error", () => {
    expect(screen.getByRole("textbox", { name: "Name" })).not.toBeInvalid();
  });
});

describe("given a TextField with an error", () => {
  beforeEach(() => {
    render(<TextField label="Name" hint="Your full name" error="Please fill out all fields" />);
  });

  it("should have no accessibility violations", async () => {
    expect(await axe(document.body)).toHaveNoViolations();
  });

  it("should be marked invalid", () => {
    expect(screen.getByRole("textbox", { name: "Name" })).toBeInvalid();
  });

  it("should be described by the hint and the error", () => {
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription(
      "Your full name Please fill out all fields",
    );
  });

  it("should keep a describedby the caller passed", () => {
    render(
      <>
        <p id="extra">Extra help</p>
        <TextField label="City" error="Required" aria-describedby="extra" />
      </>,
    );
    expect(screen.getByRole("textbox", { name: "City" })).toHaveAccessibleDescription("Required Extra help");
  });
});

function Form({ onValid }: { onValid: (values: { name: string }) => void }) {
  const { register, handleSubmit } = useForm<{ name: string }>({ defaultValues: { name: "" } });
  return (
    <form onSubmit={handleSubmit(onValid)}>
      <TextField label="Name" {...register("name")} />
      <button type="submit">Send</button>
    </form>
  );
}

function Focusing() {
  const { register, setFocus } = useForm<{ name: string }>();
  return (
    <>
      <TextField label="Name" {...register("name")} />
      <button type="button" onClick={() => setFocus("name")}>
        Fix
      </button>
    </>
  );
}

describe("given a TextField registered with react-hook-form", () => {
  it("should submit what the user typed", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Ana");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onValid).toHaveBeenCalledWith({ name: "Ana" }, expect.anything());
  });

  it("should receive focus from react-hook-form through the forwarded ref", async () => {
    render(<Focusing />);
    await userEvent.click(screen.getByRole("button", { name: "Fix" }));
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus();
  });
});
