import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthContextValue } from "../auth/auth-provider.js";
import { renderAt } from "../test-utils.js";
import { NewPasswordForm } from "./new-password-form.js";

// The supabase-js calls the form makes, answered as the auth server would (AuthApiError fields).
const updateUser = vi.fn();
const reauthenticate = vi.fn();
let auth: Partial<AuthContextValue>;
vi.mock("../auth/auth-provider.js", () => ({ useAuth: () => auth }));

const NEW_PASSWORD = "amber-meadow-compass";
const needed = { status: 400, code: "reauthentication_needed", message: "Password update requires reauthentication" };
const notValid = { status: 422, code: "reauthentication_not_valid", message: "Nonce has expired or is invalid" };

async function submitNewPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
  await user.type(screen.getByLabelText(/^Repeat password/), NEW_PASSWORD);
  await user.click(screen.getByRole("button", { name: "Save password" }));
}

describe("the new-password form (docs/product.md §2.10, §5.4: new + repeat) and the code step of a secure password change", () => {
  let onUpdated: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    updateUser.mockReset();
    reauthenticate.mockReset();
    onUpdated = vi.fn<() => void>();
    auth = { getClient: async () => ({ auth: { updateUser, reauthenticate } }) as never };
  });

  it("saves the password with the two fields alone when the server does not ask for a code", async () => {
    const user = userEvent.setup();
    updateUser.mockResolvedValue({ data: {}, error: null });
    renderAt("/account/change-password/reset", <NewPasswordForm onUpdated={onUpdated} />);
    await submitNewPassword(user);
    await waitFor(() => expect(onUpdated).toHaveBeenCalledOnce());
    expect(updateUser).toHaveBeenCalledWith({ password: NEW_PASSWORD });
    expect(reauthenticate).not.toHaveBeenCalled();
    expect(screen.queryByRole("textbox", { name: "Code from the e-mail" })).toBeNull();
  });

  it("asks for the mailed code only when the server requires it, focuses it, announces a wrong code, then saves", async () => {
    const user = userEvent.setup();
    updateUser.mockResolvedValueOnce({ data: {}, error: needed });
    reauthenticate.mockResolvedValue({ data: {}, error: null });
    renderAt("/account/change-password/reset", <NewPasswordForm onUpdated={onUpdated} />);
    await submitNewPassword(user);

    const code = await screen.findByRole("textbox", { name: "Code from the e-mail" });
    expect(reauthenticate).toHaveBeenCalledOnce();
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(/confirm the new password with the 6-digit code/);
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(onUpdated).not.toHaveBeenCalled();

    updateUser.mockResolvedValueOnce({ data: {}, error: notValid });
    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Confirm and save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The code is wrong or has expired. Check it or request a new one.",
    );
    expect(code).toHaveValue("");
    expect(code).toHaveFocus();
    expect(updateUser).toHaveBeenLastCalledWith({ password: NEW_PASSWORD, nonce: "000000" });

    updateUser.mockResolvedValueOnce({ data: {}, error: null });
    await user.type(code, "482913");
    await user.click(screen.getByRole("button", { name: "Confirm and save" }));
    await waitFor(() => expect(onUpdated).toHaveBeenCalledOnce());
    expect(updateUser).toHaveBeenLastCalledWith({ password: NEW_PASSWORD, nonce: "482913" });
  });

  it("tells the user when the code could not be sent, and stays on the password fields", async () => {
    const user = userEvent.setup();
    updateUser.mockResolvedValueOnce({ data: {}, error: needed });
    reauthenticate.mockResolvedValue({ data: {}, error: { status: 500, code: "unexpected_failure" } });
    renderAt("/account/change-password/reset", <NewPasswordForm onUpdated={onUpdated} />);
    await submitNewPassword(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to send the code. Try again.");
    expect(screen.getByLabelText(/^New password/)).toBeInTheDocument();
  });
});
