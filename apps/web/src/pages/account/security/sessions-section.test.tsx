import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DeviceSession } from "@veil/contracts";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessToken } from "../../../api/access-token.js";
import type { AuthContextValue } from "../../../auth/auth-provider.js";
import { EN_MESSAGES, type Messages } from "../../../i18n/catalogues.js";
import { I18nProvider } from "../../../i18n/i18n-provider.js";
import ru from "../../../i18n/ru.json";
import { SessionsSection } from "./sessions-section.js";

const THIS: DeviceSession = {
  id: "11111111-1111-4111-8111-111111111111",
  current: true,
  created_at: "2026-03-01T08:00:00.000Z",
  last_used_at: "2026-03-02T08:30:00.000Z",
  browser: "Chrome",
  browser_version: "131",
  os: "Linux",
  os_version: null,
  device: "desktop",
};
const FIREFOX: DeviceSession = {
  id: "22222222-2222-4222-8222-222222222222",
  current: false,
  created_at: "2026-02-27T21:10:00.000Z",
  last_used_at: "2026-02-28T19:20:00.000Z",
  browser: "Firefox",
  browser_version: "133",
  os: "Windows",
  os_version: null,
  device: "desktop",
};
const PHONE: DeviceSession = {
  id: "33333333-3333-4333-8333-333333333333",
  current: false,
  created_at: "2026-03-01T07:45:00.000Z",
  last_used_at: "2026-03-01T07:45:00.000Z",
  browser: null,
  browser_version: null,
  os: "iOS",
  os_version: "17.4",
  device: "mobile",
};

/** The server as the test sets it up: the live sessions, and what DELETE and GET answer. */
let server: { sessions: DeviceSession[]; listStatus: number; deleteStatus: number };
const deletes: string[] = [];
const signOut = vi.fn(async (_options: { scope: string }) => {
  server.sessions = server.sessions.filter((s) => s.current);
  return { error: null };
});
const auth: Partial<AuthContextValue> = {
  user: { id: "user-1" } as AuthContextValue["user"],
  getClient: async () => ({ auth: { signOut } }) as unknown as Awaited<ReturnType<AuthContextValue["getClient"]>>,
};
vi.mock("../../../auth/auth-provider.js", () => ({ useAuth: () => auth }));

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  server = { sessions: [THIS, FIREFOX, PHONE], listStatus: 200, deleteStatus: 200 };
  deletes.length = 0;
  signOut.mockClear();
  accessToken.set("jwt");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === "DELETE") {
        const id = url.split("/").pop() ?? "";
        deletes.push(id);
        if (server.deleteStatus !== 200) return json(server.deleteStatus, { detail: "nope" });
        server.sessions = server.sessions.filter((s) => s.id !== id);
        return json(200, { status: "success" });
      }
      if (server.listStatus !== 200) return json(server.listStatus, { detail: "down" });
      return json(200, server.sessions);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  accessToken.set(null);
});

function renderSection(language: "en" | "ru" = "en") {
  const messages = language === "en" ? EN_MESSAGES : (ru as Messages);
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <I18nProvider language={language} messages={messages}>
        <SessionsSection />
      </I18nProvider>
    </SWRConfig>,
  );
}

const rows = () => within(screen.getByRole("list", { name: "Signed-in devices" })).getAllByRole("listitem");

describe("Security: sessions", () => {
  it("shows loading, then each device with its browser, system and times, this device first and marked", async () => {
    renderSection();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your sessions…");
    // The first read of the file also loads the reply schemas (zod): slow on a busy machine.
    expect(await screen.findByRole("list", { name: "Signed-in devices" }, { timeout: 5000 })).toBeInTheDocument();
    const [first, second, third] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveAccessibleName("Chrome 131 on Linux");
    expect(within(first).getByText("This device")).toBeInTheDocument();
    expect(within(first).getByText("Active now")).toBeInTheDocument();
    expect(within(first).queryByRole("button")).not.toBeInTheDocument();
    expect(second).toHaveAccessibleName("Firefox 133 on Windows");
    expect(within(second).getByText("Last active Feb 28, 2026, 7:20 PM", { exact: false })).toBeInTheDocument();
    expect(within(second).getByText(/^Signed in Feb 27, 2026/)).toBeInTheDocument();
    expect(third).toHaveAccessibleName("Unknown browser on iOS 17.4");
    expect(within(third).getByRole("button", { name: "End session: Unknown browser on iOS 17.4" })).toBeVisible();
    expect(screen.getByRole("button", { name: "End all other sessions" })).toBeVisible();
  });

  it("ends one session only after confirming, then lists the rest and says so", async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole("button", { name: "End session: Firefox 133 on Windows" }));
    const dialog = screen.getByRole("dialog", { name: "End this session?" });
    expect(dialog).toHaveAccessibleDescription("Firefox 133 on Windows will be signed out of your account.");
    expect(deletes).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "End session" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deletes).toEqual([FIREFOX.id]);
    expect(screen.getByText("The session has ended.")).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
    expect(screen.queryByText(/Firefox/)).not.toBeInTheDocument();
    // Focus lands on the list, not on <body>, although the clicked button is gone.
    await waitFor(() => expect(screen.getByRole("list", { name: "Signed-in devices" })).toHaveFocus());
  });

  it("works from the keyboard: Enter opens the question, Escape cancels it and gives focus back", async () => {
    const user = userEvent.setup();
    renderSection();
    const end = await screen.findByRole("button", { name: "End session: Firefox 133 on Windows" });
    end.focus();
    await user.keyboard("{Enter}");
    const dialog = screen.getByRole("dialog", { name: "End this session?" });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deletes).toEqual([]);
    expect(end).toHaveFocus();
    expect(rows()).toHaveLength(3);
  });

  it("ends all the other sessions with signOut({ scope: 'others' }) after confirming", async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole("button", { name: "End all other sessions" }));
    const dialog = screen.getByRole("dialog", { name: "End all other sessions?" });
    await user.click(within(dialog).getByRole("button", { name: "End other sessions" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(signOut).toHaveBeenCalledWith({ scope: "others" });
    expect(await screen.findByText("All other sessions have ended.")).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText("No other device is signed in.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "End all other sessions" })).not.toBeInTheDocument();
  });

  it("keeps the question open with the error when ending fails, and ends nothing", async () => {
    server.deleteStatus = 500;
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole("button", { name: "End session: Firefox 133 on Windows" }));
    const dialog = screen.getByRole("dialog", { name: "End this session?" });
    await user.click(within(dialog).getByRole("button", { name: "End session" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Server error, try later");
    expect(screen.getByRole("dialog", { name: "End this session?" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(rows()).toHaveLength(3);
  });

  it("treats a session that had already ended as ended", async () => {
    server.deleteStatus = 404;
    server.sessions = [THIS, PHONE];
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole("button", { name: "End session: Unknown browser on iOS 17.4" }));
    server.sessions = [THIS];
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "End session" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByText("The session has ended.")).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
  });

  it("says when no other device is signed in, with nothing to end", async () => {
    server.sessions = [THIS];
    renderSection();
    expect(await screen.findByText("No other device is signed in.")).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows an error with Try again when the list cannot be loaded", async () => {
    server.listStatus = 503;
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByRole("alert")).toHaveTextContent("Your sessions could not be loaded.");
    server.listStatus = 200;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Signed-in devices" })).toBeInTheDocument();
  });

  it("speaks Russian", async () => {
    const user = userEvent.setup();
    renderSection("ru");
    expect(await screen.findByRole("list", { name: "Устройства, на которых выполнен вход" })).toBeInTheDocument();
    expect(screen.getByText("Это устройство")).toBeInTheDocument();
    expect(screen.getByText("Активен сейчас")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Завершить сеанс: Firefox 133, Windows" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Завершить все другие сеансы" }));
    expect(screen.getByRole("dialog", { name: "Завершить все другие сеансы?" })).toBeInTheDocument();
  });

  it.each([
    ["en", "Chrome 156 on Linux", /^Signed in Feb 2[58], 2026/, "Session ID"],
    ["ru", "Chrome 156, Linux", /^Вход выполнен: 2[58]/, "Идентификатор сеанса"],
  ] as const)(
    "tells two sessions of the same browser apart by sign-in time and a short id (%s)",
    async (lang, name, signedIn, idLabel) => {
      const chrome = (id: string, created_at: string): DeviceSession => ({
        ...FIREFOX,
        id,
        created_at,
        browser: "Chrome",
        browser_version: "156",
        os: "Linux",
      });
      server.sessions = [
        THIS,
        chrome("a1b2c3d4-0000-4000-8000-000000000001", "2026-02-25T10:00:00.000Z"),
        chrome("e5f6a7b8-0000-4000-8000-000000000002", "2026-02-28T18:30:00.000Z"),
      ];
      renderSection(lang);
      const list = await screen.findByRole("list", {
        name: lang === "en" ? "Signed-in devices" : "Устройства, на которых выполнен вход",
      });
      const [, older, newer] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement, HTMLElement];
      expect(older).toHaveAccessibleName(name);
      expect(newer).toHaveAccessibleName(name);
      expect(within(older).getByText(`${idLabel} a1b2c3d4`)).toBeInTheDocument();
      expect(within(newer).getByText(`${idLabel} e5f6a7b8`)).toBeInTheDocument();
      expect(within(older).getByText(signedIn)).not.toHaveTextContent(
        within(newer).getByText(signedIn).textContent ?? "",
      );
      // The two "End session" buttons say which is which to a screen reader too.
      expect(within(older).getByRole("button")).toHaveAccessibleDescription(new RegExp(`${idLabel} a1b2c3d4`));
      expect(within(newer).getByRole("button")).toHaveAccessibleDescription(new RegExp(`${idLabel} e5f6a7b8`));
    },
  );
});
