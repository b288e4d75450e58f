import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig, useSWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessToken } from "../api/access-token.js";
import type { AuthContextValue } from "../auth/auth-provider.js";
import { EN_MESSAGES, type Messages } from "../i18n/catalogues.js";
import { I18nProvider } from "../i18n/i18n-provider.js";
import ru from "../i18n/ru.json";
import { DevicesPage } from "../pages/account/devices/devices-page.js";
import { PaymentsPage } from "../pages/account/payments-page.js";
import { ProfilePage } from "../pages/account/profile-page.js";
import { SessionsSection } from "../pages/account/security/sessions-section.js";
import { SubscriptionPage } from "../pages/account/subscription-page.js";
import { AccountProvider } from "./account-provider.js";

/** The first reads of a file load the reply schemas (zod): slow on a busy machine. */
const SLOW = { timeout: 5000 };

/**
 * docs/product.md §8.4: every read of the account area is loading, failed (why, in words, with
 * Try again) or loaded; a failed read never shows the empty or inactive state.
 */

const auth: Partial<AuthContextValue> = {
  user: { id: "user-1", email: "paid@example.com" } as AuthContextValue["user"],
  isRecoveringPassword: false,
  needsSecondFactor: false,
  getClient: async () => ({}) as Awaited<ReturnType<AuthContextValue["getClient"]>>,
};
vi.mock("../auth/auth-provider.js", () => ({ useAuth: () => auth }));

type Failure = "500" | "429" | "network";
/** What each read answers: a failure, or its data. */
let failing: Record<string, Failure | null>;
const calls: Record<string, number> = {};

const DATA: Record<string, unknown> = {
  "/api/subscription/web/info": { is_active: true, plan_name: "1 Month", days_left: 12 },
  "/api/payment/web/all": [{ date: "2026-03-01T10:00:00Z", amount: 5, method: "USDTTRC", status: "success" }],
  "/api/user/web/sessions": [
    {
      id: "11111111-1111-4111-8111-111111111111",
      current: true,
      created_at: "2026-03-01T08:00:00.000Z",
      last_used_at: "2026-03-02T08:30:00.000Z",
      browser: "Chrome",
      browser_version: "131",
      os: "Linux",
      os_version: null,
      device: "desktop",
    },
  ],
  "/api/devices": {
    devices: [
      {
        id: "22222222-2222-4222-8222-222222222222",
        name: "Work laptop",
        protocol: "wireguard",
        publicKey: "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
        ipv4: "10.64.0.7/32",
        ipv6: "fd00:7665:696c::7/128",
        createdAt: "2026-03-01T08:00:00.000Z",
        lastHandshakeAt: null,
        serverId: null,
      },
    ],
    limit: 5,
    access: { active: true, endsAt: "2026-04-01T08:00:00.000Z" },
  },
  "/api/servers": {
    servers: [
      {
        id: "nl-ams",
        country: "NL",
        city: "Amsterdam",
        host: "nl1.veil.test",
        endpoint: "nl1.veil.test:51820",
        publicKey: "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
        online: true,
        demo: false,
      },
    ],
  },
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

beforeEach(() => {
  failing = {};
  for (const key of Object.keys(calls)) delete calls[key];
  accessToken.set("jwt");
  // jsdom has no layout: the payments table measures itself with it.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.split("?")[0] ?? url;
      calls[path] = (calls[path] ?? 0) + 1;
      if (path === "/api/user/web/init-session") return json(200, { status: "success", email: "paid@example.com" });
      const failure = failing[path];
      if (failure === "500") return json(500, { detail: "Internal Server Error" });
      if (failure === "429") return json(429, { detail: "Too many requests" }, { "Retry-After": "125" });
      if (failure === "network") throw new TypeError("Failed to fetch");
      return json(200, DATA[path]);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  accessToken.set(null);
});

/** Stands for whatever makes SWR ask again (focus, reconnect, a purchase's refresh): asks every read again. */
function RefreshAll() {
  const { mutate } = useSWRConfig();
  return (
    <button type="button" onClick={() => void mutate(() => true)}>
      refresh everything
    </button>
  );
}

/** The account area as the app builds it: one AccountProvider (in the layout) around the screen. */
function tree(language: "en" | "ru", ui: ReactElement) {
  const messages = language === "en" ? EN_MESSAGES : (ru as Messages);
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <I18nProvider language={language} messages={messages}>
        <MemoryRouter>
          <AccountProvider>
            {ui}
            <RefreshAll />
          </AccountProvider>
        </MemoryRouter>
      </I18nProvider>
    </SWRConfig>
  );
}
const renderIn = (language: "en" | "ru", ui: ReactElement) => render(tree(language, ui));

const REASONS: Record<"en" | "ru", Record<Failure, string>> = {
  en: {
    "500": "Server error, try later",
    "429": "Too many requests. Please try again in 3 minutes.",
    network: "No connection to the server. Check your internet connection and try again.",
  },
  ru: {
    "500": "Ошибка сервера, попробуйте позже",
    "429": "Слишком много запросов. Повторите через 3 минуты.",
    network: "Нет связи с сервером. Проверьте подключение к интернету и повторите попытку.",
  },
};

/** Where focus goes when Try again succeeds (a visually hidden line before the data). */
const LOADED = { en: "Loaded.", ru: "Загружено." };

interface ScreenCase {
  name: string;
  path: string;
  ui: () => ReactElement;
  title: Record<"en" | "ru", string>;
  /** What a failed read must never say. */
  falseState: Record<"en" | "ru", RegExp>;
  /** What the loaded data shows. */
  loaded: Record<"en" | "ru", string>;
}

const SCREENS: ScreenCase[] = [
  {
    name: "profile",
    path: "/api/subscription/web/info",
    ui: () => <ProfilePage />,
    title: { en: "Your subscription status could not be loaded.", ru: "Не удалось загрузить статус подписки." },
    falseState: { en: /Inactive/, ru: /Неактивна/ },
    loaded: { en: "Active", ru: "Активна" },
  },
  {
    name: "subscription",
    path: "/api/subscription/web/info",
    ui: () => <SubscriptionPage />,
    title: { en: "Your subscription could not be loaded.", ru: "Не удалось загрузить данные подписки." },
    falseState: { en: /no active subscription/, ru: /нет активной подписки/ },
    loaded: { en: "12 days", ru: "12 дней" },
  },
  {
    name: "payments",
    path: "/api/payment/web/all",
    ui: () => <PaymentsPage />,
    title: { en: "Your payment history could not be loaded.", ru: "Не удалось загрузить историю платежей." },
    falseState: { en: /no payments yet/, ru: /пока нет платежей/ },
    loaded: { en: "USDT TRC-20", ru: "USDT TRC-20" },
  },
  {
    name: "sessions",
    path: "/api/user/web/sessions",
    ui: () => <SessionsSection />,
    title: { en: "Your sessions could not be loaded.", ru: "Не удалось загрузить ваши сеансы." },
    falseState: { en: /signed in\./, ru: /вход не выполнен/ },
    loaded: { en: "Chrome 131 on Linux", ru: "Chrome 131, Linux" },
  },
  {
    name: "devices",
    path: "/api/devices",
    ui: () => <DevicesPage />,
    title: { en: "Your devices could not be loaded.", ru: "Не удалось загрузить ваши устройства." },
    // An empty list, a count of none, or "not active" (which would hide New key and Add a device).
    falseState: {
      en: /No devices yet|0 of 5 devices|subscription is not active/,
      ru: /Устройств пока нет|0 из 5 устройств|Подписка не активна/,
    },
    loaded: { en: "Work laptop", ru: "Work laptop" },
  },
  {
    // The locations of Add a device: a failure is not "no location is available".
    name: "server list (Devices)",
    path: "/api/servers",
    ui: () => <DevicesPage />,
    title: { en: "The server locations could not be loaded.", ru: "Не удалось загрузить расположения серверов." },
    falseState: { en: /No server location is available/, ru: /нет доступных расположений/ },
    loaded: { en: "Netherlands, Amsterdam", ru: "Нидерланды" },
  },
];

describe.each(SCREENS)("the $name read", (screenCase) => {
  describe.each(["en", "ru"] as const)("in %s", (language) => {
    it.each(["500", "429", "network"] as const)(
      "a %s failure says so in words with Try again, never the empty or inactive state",
      async (failure) => {
        failing[screenCase.path] = failure;
        const user = userEvent.setup();
        renderIn(language, screenCase.ui());
        const alert = await screen.findByRole("alert", undefined, SLOW);
        expect(alert).toHaveTextContent(screenCase.title[language]);
        expect(alert).toHaveTextContent(REASONS[language][failure]);
        expect(document.body).not.toHaveTextContent(screenCase.falseState[language]);

        failing[screenCase.path] = null;
        await user.click(screen.getByRole("button", { name: language === "en" ? "Try again" : "Повторить" }));
        expect(await screen.findByText(screenCase.loaded[language], { exact: false }, SLOW)).toBeInTheDocument();
        expect(screen.queryByRole("alert")).not.toBeInTheDocument();
        // The button that held focus is gone: focus is just before the data, not on <body>.
        await waitFor(() => expect(document.activeElement).toHaveTextContent(LOADED[language]));
      },
    );
  });

  /**
   * The read fails, the box shows, then `moveFocus` puts focus somewhere and the read recovers by
   * itself: the server answers again, and SWR's own retry (stood for by a click that moves no
   * focus) asks. Resolves once the data shows.
   */
  async function recoverByItself(moveFocus: () => void): Promise<void> {
    failing[screenCase.path] = "500";
    renderIn("en", screenCase.ui());
    await screen.findByRole("alert", undefined, SLOW);
    moveFocus();
    failing[screenCase.path] = null;
    fireEvent.click(screen.getByRole("button", { name: "refresh everything" }));
    expect(await screen.findByText(screenCase.loaded.en, { exact: false }, SLOW)).toBeInTheDocument();
  }

  it("lands focus before the data when the read recovers by itself while focus is on Try again", async () => {
    await recoverByItself(() => screen.getByRole("button", { name: "Try again" }).focus());
    await waitFor(() => expect(document.activeElement).toHaveTextContent(LOADED.en));
  });

  it("leaves focus alone when the user left Try again for plain page before the read recovered", async () => {
    await recoverByItself(() => {
      const tryAgain = screen.getByRole("button", { name: "Try again" });
      tryAgain.focus();
      // A click on plain text: focus goes to <body>, nowhere the user would be sent back from.
      act(() => tryAgain.blur());
    });
    expect(screen.queryByText(LOADED.en)).not.toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
  });

  it("lands focus before the data when a stale read recovers by itself while focus is on Try again", async () => {
    renderIn("en", screenCase.ui());
    expect(await screen.findByText(screenCase.loaded.en, { exact: false }, SLOW)).toBeInTheDocument();
    failing[screenCase.path] = "500";
    fireEvent.click(screen.getByRole("button", { name: "refresh everything" }));
    await screen.findByText(/Could not refresh, showing what was loaded earlier/, undefined, SLOW);
    screen.getByRole("button", { name: "Try again" }).focus();
    failing[screenCase.path] = null;
    fireEvent.click(screen.getByRole("button", { name: "refresh everything" }));
    await waitFor(() => expect(screen.queryByText(/Could not refresh/)).not.toBeInTheDocument(), SLOW);
    await waitFor(() => expect(document.activeElement).toHaveTextContent(LOADED.en));
  });

  it("leaves focus where it is when the read recovers while focus is elsewhere", async () => {
    await recoverByItself(() => screen.getByRole("button", { name: "refresh everything" }).focus());
    expect(screen.queryByText(LOADED.en)).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "refresh everything" }));
  });

  it("keeps an earlier answer on screen with a quiet note when a refresh fails", async () => {
    const user = userEvent.setup();
    renderIn("en", screenCase.ui());
    expect(await screen.findByText(screenCase.loaded.en, { exact: false }, SLOW)).toBeInTheDocument();
    failing[screenCase.path] = "500";
    const before = calls[screenCase.path] ?? 0;
    await user.click(screen.getByRole("button", { name: "refresh everything" }));
    await waitFor(() => expect(calls[screenCase.path]).toBeGreaterThan(before));
    const note = await screen.findByText(/Could not refresh, showing what was loaded earlier/, undefined, SLOW);
    expect(note).toHaveTextContent("Server error, try later");
    expect(screen.getByText(screenCase.loaded.en, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    failing[screenCase.path] = null;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.queryByText(/Could not refresh/)).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toHaveTextContent(LOADED.en));
  });
});

describe("a failure left by another screen", () => {
  it("is asked again when the next screen of the same data opens (Profile → Subscription)", async () => {
    failing["/api/subscription/web/info"] = "500";
    const first = renderIn("en", <ProfilePage />);
    expect(await screen.findByRole("alert", undefined, SLOW)).toHaveTextContent(
      "Your subscription status could not be loaded.",
    );
    expect(calls["/api/subscription/web/info"]).toBe(1);
    failing["/api/subscription/web/info"] = null;
    // The sidebar swaps the screen inside the same layout (the same AccountProvider and SWR cache).
    first.rerender(tree("en", <SubscriptionPage />));
    expect(await screen.findByText("12 days", undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/no active subscription/)).not.toBeInTheDocument();
  });
});
