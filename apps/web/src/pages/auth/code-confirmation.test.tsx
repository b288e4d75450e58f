import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthContextValue } from "../../auth/auth-provider.js";
import { EN_MESSAGES, type Messages } from "../../i18n/catalogues.js";
import { I18nProvider } from "../../i18n/i18n-provider.js";
import ru from "../../i18n/ru.json";
import { PATHS } from "../../navigation/paths.js";
import { ChangePasswordResetPage } from "../account/change-password-reset-page.js";
import { CodeConfirmation } from "./code-confirmation.js";

/** The user of the verify reply: what the server's app_metadata says about the password. */
let appMetadata: Record<string, unknown>;
const auth: Partial<AuthContextValue> = {
  setRecovering: () => {},
  getClient: async () =>
    ({
      auth: {
        verifyOtp: async () => ({
          data: {
            user: { id: "u1", email: "owner@example.com", app_metadata: appMetadata },
            session: { access_token: "token" },
          },
          error: null,
        }),
      },
    }) as unknown as Awaited<ReturnType<AuthContextValue["getClient"]>>,
};
vi.mock("../../auth/auth-provider.js", () => ({ useAuth: () => auth }));
vi.mock("../../auth/product-account.js", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../auth/product-account.js")>()),
  registerProductUser: async () => {},
}));

function renderCodeScreen(language: "en" | "ru") {
  const messages = language === "en" ? EN_MESSAGES : (ru as Messages);
  return render(
    <I18nProvider language={language} messages={messages}>
      <MemoryRouter initialEntries={[`${PATHS.emailConfirmation}?email=owner%40example.com`]}>
        <Routes>
          <Route path={PATHS.emailConfirmation} element={<CodeConfirmation mode="signup" />} />
          <Route path={PATHS.account.changePasswordReset} element={<ChangePasswordResetPage />} />
          <Route path={PATHS.account.profile} element={<p>profile</p>} />
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );
}

async function typeCode() {
  const boxes = screen.getAllByRole("textbox");
  await userEvent.click(boxes[0] as HTMLElement);
  await userEvent.paste("123456");
  await userEvent.click(screen.getByRole("button", { name: /confirm|подтвердить/i }));
}

// Typing, the verify and the lazy account screen take a few seconds on a loaded machine.
describe("the sign-up code screen when the code confirmed the address without keeping a password", {
  timeout: 30_000,
}, () => {
  beforeEach(() => {
    appMetadata = { provider: "email", providers: ["email"], password_missing: true };
  });

  it("takes her to set a password and says why, in English", async () => {
    renderCodeScreen("en");
    await typeCode();
    expect(await screen.findByRole("heading", { name: "Set a new password" })).toBeInTheDocument();
    const notice = screen.getByText(/so no password was kept: set yours now/);
    expect(notice.closest("[role=status]")).not.toBeNull();
    expect(screen.queryByText("profile")).not.toBeInTheDocument();
  });

  it("says it in Russian", async () => {
    renderCodeScreen("ru");
    await typeCode();
    const notice = await screen.findByText(/поэтому пароль не сохранён: задайте свой сейчас/);
    expect(notice.closest("[role=status]")).not.toBeNull();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent((ru as Messages)["resetPassword.title"]);
  });

  it("goes to the profile as before when the password was kept", async () => {
    appMetadata = { provider: "email", providers: ["email"] };
    renderCodeScreen("en");
    await typeCode();
    expect(await screen.findByText("profile")).toBeInTheDocument();
  });
});
