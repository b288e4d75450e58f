import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthContextValue } from "../../auth/auth-provider.js";
import { noteRetryAfter } from "../../auth/rate-limit-wait.js";
import { EN_MESSAGES, type Messages } from "../../i18n/catalogues.js";
import { I18nProvider } from "../../i18n/i18n-provider.js";
import ru from "../../i18n/ru.json";
import { ForgotPasswordPage } from "./forgot-password-page.js";

let reply: { error: { status: number; code?: string; message: string } | null };
/** The Retry-After of the reply, seen by the client's fetch before supabase-js makes it an error. */
let retryAfter: string | null = null;
const auth: Partial<AuthContextValue> = {
  getClient: async () =>
    ({
      auth: {
        resetPasswordForEmail: async () => {
          if (reply.error?.status === 429) {
            const headers: Record<string, string> = retryAfter ? { "Retry-After": retryAfter } : {};
            await noteRetryAfter(async () => new Response("{}", { status: 429, headers }))("https://x.test", {});
          }
          return reply;
        },
      },
    }) as unknown as Awaited<ReturnType<AuthContextValue["getClient"]>>,
};
vi.mock("../../auth/auth-provider.js", () => ({ useAuth: () => auth }));
vi.mock("../../auth/product-account.js", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../auth/product-account.js")>()),
  accountExists: async () => true,
}));

function renderPage(language: "en" | "ru") {
  const messages = language === "en" ? EN_MESSAGES : (ru as Messages);
  return render(
    <I18nProvider language={language} messages={messages}>
      <MemoryRouter initialEntries={["/forgot-password"]}>
        <ForgotPasswordPage />
      </MemoryRouter>
    </I18nProvider>,
  );
}

async function submit(email: string) {
  await userEvent.type(screen.getByRole("textbox"), email);
  await userEvent.click(screen.getByRole("button"));
}

describe("forgot password when the server asks to wait (429 with a wait)", () => {
  beforeEach(() => {
    retryAfter = "29";
    reply = {
      error: {
        status: 429,
        code: "over_email_send_rate_limit",
        message: "For security purposes, you can only request this after 29 seconds.",
      },
    };
  });

  it("shows the wait in English instead of 'Failed to send the code'", async () => {
    renderPage("en");
    await submit("owner@example.com");
    expect(await screen.findByText("Too many requests. Please try again in 29 seconds.")).toBeInTheDocument();
    expect(screen.queryByText("Failed to send the code")).not.toBeInTheDocument();
  });

  it("shows the wait in Russian", async () => {
    renderPage("ru");
    await submit("owner@example.com");
    expect(await screen.findByText("Слишком много запросов. Повторите через 29 секунд.")).toBeInTheDocument();
  });

  it("does not read the wait out of the English message when the reply has no Retry-After", async () => {
    retryAfter = null;
    renderPage("en");
    await submit("owner@example.com");
    expect(await screen.findByText("Failed to send the code")).toBeInTheDocument();
    expect(screen.queryByText(/29 seconds/)).not.toBeInTheDocument();
  });

  it("still says 'Failed to send the code' for a failure without a wait", async () => {
    reply = { error: { status: 500, message: "Unexpected failure, please try again" } };
    renderPage("en");
    await submit("owner@example.com");
    expect(await screen.findByText("Failed to send the code")).toBeInTheDocument();
  });
});
