import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Mail } from "lucide-react";
import { describe, expect, it, vi } from "vitest";
import { axe } from "../../test/axe.js";
import { Button } from "./button.js";

describe("given a default Button", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(<Button>Continue</Button>);
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should be a button named by its label", () => {
    render(<Button>Continue</Button>);
    expect(screen.getByRole("button", { name: "Continue" })).toBeInTheDocument();
  });

  it("should not submit a surrounding form unless asked to", async () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Continue</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("should submit the form when type is submit", async () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Sign in</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("should call onClick when activated with the keyboard", async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Continue</Button>);
    await userEvent.tab();
    await userEvent.keyboard("{Enter}");
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("should expose its variant and size for styling hooks", () => {
    render(
      <Button variant="danger" size="lg">
        Delete
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Delete" });
    expect(button).toHaveAttribute("data-variant", "danger");
    expect(button).toHaveAttribute("data-size", "lg");
  });
});

describe("given a disabled Button", () => {
  it("should be disabled and ignore clicks", async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Continue
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Continue" });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe("given a loading Button", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(<Button loading>Paying</Button>);
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should keep its name and be marked busy", () => {
    render(<Button loading>Pay</Button>);
    const button = screen.getByRole("button", { name: "Pay" });
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("aria-disabled", "true");
  });

  it("should stay focusable so keyboard focus is not lost", async () => {
    render(<Button loading>Pay</Button>);
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Pay" })).toHaveFocus();
  });

  it("should ignore clicks and not submit the form", async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading onClick={onClick}>
          Pay
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Pay" }));
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("should keep the aria-label of an icon-only button", () => {
    render(
      <Button size="icon" aria-label="Send code" loading>
        <Mail />
      </Button>,
    );
    expect(screen.getByRole("button", { name: "Send code" })).toHaveAttribute("aria-busy", "true");
  });
});

describe("given a Button with asChild", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(
      <Button asChild>
        <a href="/pricing">See plans</a>
      </Button>,
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should render the child link with the button styles", () => {
    render(
      <Button asChild variant="outline">
        <a href="/pricing">See plans</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "See plans" });
    expect(link).toHaveAttribute("href", "/pricing");
    expect(link).toHaveAttribute("data-slot", "button");
    expect(link).toHaveAttribute("data-variant", "outline");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("should not give the link a button type", () => {
    render(
      <Button asChild>
        <a href="/pricing">See plans</a>
      </Button>,
    );
    expect(screen.getByRole("link", { name: "See plans" })).not.toHaveAttribute("type");
  });

  it("should mark a disabled link and stop its navigation", async () => {
    render(
      <Button asChild disabled>
        <a href="#plans">See plans</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "See plans" });
    expect(link).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(link);
    expect(window.location.hash).toBe("");
  });
});
