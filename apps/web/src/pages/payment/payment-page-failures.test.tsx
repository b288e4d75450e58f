import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PLAN_CATALOGUE } from "@veil/contracts";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EN_MESSAGES, type Messages } from "../../i18n/catalogues.js";
import { I18nProvider } from "../../i18n/i18n-provider.js";
import ru from "../../i18n/ru.json";
import { PaymentPage } from "./payment-page.js";

/** The first reads of a file load the reply schemas (zod): slow on a busy machine. */
const SLOW = { timeout: 5000 };

/** docs/product.md §8.4: /payment when the plans or the tokens cannot be loaded. */

vi.mock("../../auth/auth-provider.js", () => ({
  useAuth: () => ({ signedIn: true, loading: false, user: { email: "reader@example.com" } }),
}));

const PLANS = PLAN_CATALOGUE.map((p) => ({ id: p.id, name: p.name, price: p.priceUsd, days: p.days }));
let plansStatus: number;
let tokensStatus: number;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

beforeEach(() => {
  plansStatus = 200;
  tokensStatus = 200;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.startsWith("/api/plans")) {
        return plansStatus === 200 ? json(200, PLANS) : json(plansStatus, { detail: "x" }, { "Retry-After": "40" });
      }
      if (url.startsWith("/api/exnode/tokens")) {
        return tokensStatus === 200 ? json(200, [{ code: "USDTTRC", label: "USDT TRC-20" }]) : json(tokensStatus, {});
      }
      return json(404, {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(language: "en" | "ru") {
  const messages = language === "en" ? EN_MESSAGES : (ru as Messages);
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <I18nProvider language={language} messages={messages}>
        <MemoryRouter initialEntries={["/payment?planId=2"]}>
          <PaymentPage />
        </MemoryRouter>
      </I18nProvider>
    </SWRConfig>,
  );
}

describe("/payment when the plans cannot be loaded", () => {
  it.each([
    ["en", 500, "The plans could not be loaded.", "Server error, try later", "Try again", "1 Month"],
    ["ru", 429, "Не удалось загрузить тарифы.", "Повторите через 40 секунд", "Повторить", "1 месяц"],
  ] as const)(
    "in %s (%i): says so with Try again instead of a dead end, and Try again brings the plans",
    async (language, status, title, reason, retry, planName) => {
      plansStatus = status;
      const user = userEvent.setup();
      renderPage(language);
      const alert = await screen.findByRole("alert", undefined, SLOW);
      expect(alert).toHaveTextContent(title);
      expect(alert).toHaveTextContent(reason);
      expect(screen.queryByRole("tab")).not.toBeInTheDocument();
      plansStatus = 200;
      await user.click(screen.getByRole("button", { name: retry }));
      expect(await screen.findByRole("tab", { name: new RegExp(planName) }, SLOW)).toBeInTheDocument();
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    },
  );
});

describe("/payment when the token list cannot be loaded", () => {
  it("shows the spec's message with Try again, which loads the tokens", async () => {
    tokensStatus = 502;
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderPage("en");
    await user.click(await screen.findByRole("button", { name: /Cryptocurrency/ }, SLOW));
    expect(await screen.findByText("Failed to load token list", undefined, SLOW)).toBeVisible();
    tokensStatus = 200;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    const grid = await screen.findByRole("group", { name: "Choose a token" }, SLOW);
    expect(await within(grid).findByRole("radio", { name: /USDT TRC-20/ }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText("Failed to load token list")).not.toBeInTheDocument();
    // Try again is gone: its focus went to the first token, not to <body>.
    await waitFor(() => expect(within(grid).getAllByRole("radio")[0]).toHaveFocus());
  });
});
