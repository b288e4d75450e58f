import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthContextValue } from "../auth/auth-provider.js";
import { renderAt } from "../test-utils.js";
import { SecondFactorStep } from "./second-factor-step.js";

const mfa = { challengeAndVerify: vi.fn(), recoveryCodes: { verify: vi.fn() } };
const signOut = vi.fn();
let auth: Partial<AuthContextValue>;
vi.mock("../auth/auth-provider.js", () => ({ useAuth: () => auth }));

beforeEach(() => {
  mfa.challengeAndVerify.mockReset();
  mfa.recoveryCodes.verify.mockReset();
  signOut.mockReset();
  auth = {
    getClient: async () => ({ auth: { mfa, signOut } }) as never,
    session: { user: { factors: [{ id: "f1", factor_type: "totp", status: "verified" }] } } as never,
  };
});

describe("the sign-in code step (docs/product.md §11.4)", () => {
  it("sends the app's code for the user's authenticator and announces a wrong one", async () => {
    const user = userEvent.setup();
    renderAt("/login", <SecondFactorStep />);
    const code = screen.getByRole("textbox", { name: "Code from the app" });
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription("Enter the 6-digit code from your authenticator app.");

    mfa.challengeAndVerify.mockResolvedValueOnce({
      data: null,
      error: { status: 422, code: "mfa_verification_failed", message: "Invalid TOTP code entered" },
    });
    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The code is wrong. Check it and try again.");
    expect(mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: "f1", code: "000000" });

    mfa.challengeAndVerify.mockResolvedValueOnce({
      data: null,
      error: {
        status: 429,
        code: "over_request_rate_limit",
        message: "Too many wrong codes. Please wait before trying again, or use a recovery code.",
      },
    });
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    // Its code's message, never the server's English text.
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests. Please try again later.");
  });

  it("takes a recovery code instead, and leaves the half-finished sign-in on request", async () => {
    const user = userEvent.setup();
    mfa.recoveryCodes.verify.mockResolvedValue({ data: {}, error: null });
    renderAt("/login", <SecondFactorStep />);
    await user.click(screen.getByRole("button", { name: "Use a recovery code" }));
    const field = screen.getByRole("textbox", { name: /Recovery code/ });
    await user.type(field, "k4m9-x7qp-2ab8-ht3z");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(mfa.recoveryCodes.verify).toHaveBeenCalledWith({ code: "k4m9-x7qp-2ab8-ht3z" });
    expect(mfa.challengeAndVerify).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Sign in with another account" }));
    expect(signOut).toHaveBeenCalledWith({ scope: "local" });
  });
});
