import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { axe } from "../../test/axe.js";
import { Button } from "../button/button.js";
import { Alert, InlineError } from "./alert.js";

function PayForm() {
  const [failed, setFailed] = useState(false);
  return (
    <div>
      <Button onClick={() => setFailed(true)}>Pay</Button>
      {failed ? (
        <Alert variant="danger" live="assertive" title="Payment failed" action={<Button size="sm">Try again</Button>}>
          The payment provider did not answer.
        </Alert>
      ) : null}
    </div>
  );
}

function EmailForm() {
  const [error, setError] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setError("Enter a valid email address");
      }}
    >
      <label htmlFor="email">Email</label>
      <input id="email" aria-invalid={error ? true : undefined} aria-describedby={error ? "email-error" : undefined} />
      <InlineError id="email-error">{error}</InlineError>
      <Button type="submit">Continue</Button>
    </form>
  );
}

describe("given a default Alert", () => {
  it("should have no accessibility violations", async () => {
    const { container } = render(<Alert title="Code sent">Check your inbox.</Alert>);
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should be a polite status with its title and message", () => {
    render(<Alert title="Code sent">Check your inbox.</Alert>);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Code sent");
    expect(status).toHaveTextContent("Check your inbox.");
  });
});

describe("given an assertive danger Alert shown after an action", () => {
  it("should have no accessibility violations after it appears", async () => {
    const { container } = render(<PayForm />);
    await userEvent.click(screen.getByRole("button", { name: "Pay" }));
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should appear as an alert after the action", async () => {
    render(<PayForm />);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Pay" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Payment failed");
  });

  it("should offer its follow-up action", async () => {
    render(<PayForm />);
    await userEvent.click(screen.getByRole("button", { name: "Pay" }));
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("given an Alert with live off", () => {
  it("should have no live role", () => {
    render(
      <Alert live="off" variant="warning">
        Maintenance on Sunday.
      </Alert>,
    );
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText("Maintenance on Sunday.")).toBeInTheDocument();
  });
});

describe("given an InlineError for a field", () => {
  it("should have no accessibility violations after it appears", async () => {
    const { container } = render(<EmailForm />);
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await axe(container)).toHaveNoViolations();
  });

  it("should render nothing while there is no error", () => {
    render(<EmailForm />);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("should announce the error as an alert when it appears", async () => {
    render(<EmailForm />);
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Enter a valid email address");
  });

  it("should describe the invalid field", async () => {
    render(<EmailForm />);
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription("Enter a valid email address");
  });

  it("should stay silent when announce is off", () => {
    render(<InlineError announce={false}>Required</InlineError>);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText("Required")).toBeInTheDocument();
  });
});
