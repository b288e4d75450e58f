import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EN_MESSAGES, type Messages } from "../../i18n/catalogues.js";
import { I18nProvider } from "../../i18n/i18n-provider.js";
import ru from "../../i18n/ru.json";
import { UnsubscribePage } from "./unsubscribe-page.js";

/** What the server answers, by path: [status, body]. */
let replies: Record<string, [number, unknown]>;
const calls: { method: string; url: string }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? "GET", url });
      const [status, body] = replies[new URL(url, "http://app").pathname] ?? [404, { detail: "Not Found" }];
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(path: string, language: "en" | "ru" = "en") {
  return render(
    <I18nProvider language={language} messages={language === "en" ? EN_MESSAGES : (ru as Messages)}>
      <MemoryRouter initialEntries={[path]}>
        <UnsubscribePage />
      </MemoryRouter>
    </I18nProvider>,
  );
}

const TOKEN = "bXktaWQ.c2lnbmF0dXJl";

describe("unsubscribe page (the reminder mail's link)", () => {
  it("asks first, then unsubscribes with the link's token only when the button is pressed", async () => {
    replies = {
      "/api/reminders/status": [200, { unsubscribed: false }],
      "/api/reminders/unsubscribe": [200, { unsubscribed: true }],
    };
    renderPage(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "Stop renewal reminders?" })).toBeInTheDocument();
    expect(calls).toEqual([{ method: "GET", url: `/api/reminders/status?token=${TOKEN}` }]);

    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    const done = await screen.findByRole("heading", { name: "You are unsubscribed" });
    expect(done).toHaveFocus();
    expect(screen.getByText(/You will get no more renewal reminders/)).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ method: "POST", url: `/api/reminders/unsubscribe?token=${TOKEN}` });
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
  });

  it("says so at once when reminders are already off", async () => {
    replies = { "/api/reminders/status": [200, { unsubscribed: true }] };
    renderPage(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "You are unsubscribed" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the homepage" })).toHaveAttribute("href", "/home");
  });

  it("refuses a forged or edited link with a clear message and no button, in Russian too", async () => {
    replies = { "/api/reminders/status": [400, { detail: "This unsubscribe link is not valid" }] };
    renderPage(`/unsubscribe?token=${TOKEN}x`, "ru");
    expect(await screen.findByRole("heading", { name: "Эта ссылка не работает" })).toBeInTheDocument();
    expect(screen.getByText(/Ссылка для отписки недействительна/)).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("calls nothing for a link without a token", async () => {
    replies = {};
    renderPage("/unsubscribe");
    expect(await screen.findByRole("heading", { name: "This link does not work" })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the usual server message when a call fails, and the button still works afterwards", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    replies = {
      "/api/reminders/status": [503, { detail: "Service temporarily unavailable" }],
      "/api/reminders/unsubscribe": [503, { detail: "Service temporarily unavailable" }],
    };
    renderPage(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("Server error, try later");
    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Server error, try later");
    replies["/api/reminders/unsubscribe"] = [200, { unsubscribed: true }];
    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("heading", { name: "You are unsubscribed" })).toBeInTheDocument();
  });
});
