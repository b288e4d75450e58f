import { render, screen } from "@testing-library/react";
import { PLAN_CATALOGUE } from "@veil/contracts";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Messages } from "../../i18n/catalogues.js";
import { I18nProvider } from "../../i18n/i18n-provider.js";
import ru from "../../i18n/ru.json";
import { renderAt as renderWithLanguage } from "../../test-utils.js";
import { PaymentPage } from "./payment-page.js";

vi.mock("../../auth/auth-provider.js", () => ({
  useAuth: () => ({ signedIn: true, loading: false, user: { email: "reader@example.com" } }),
}));
// The real hooks (the web project shares one module graph between files, isolate: false), on a
// server that answers the catalogue's plans.
const PLANS = PLAN_CATALOGUE.map((p) => ({ id: p.id, name: p.name, price: p.priceUsd, days: p.days }));
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(PLANS), { headers: { "Content-Type": "application/json" } })),
  );
});
afterEach(() => vi.unstubAllGlobals());
const renderAt = (path: string, ui: ReactElement) =>
  renderWithLanguage(path, <SWRConfig value={{ provider: () => new Map() }}>{ui}</SWRConfig>);

const selectedTab = () => screen.getAllByRole("tab").find((tab) => tab.getAttribute("aria-selected") === "true");

describe("payment screen: the plan of ?planId=", () => {
  it("opens with the plan a renewal reminder links to selected, in the summary too", () => {
    renderAt("/payment?planId=3", <PaymentPage />);
    expect(selectedTab()).toHaveAccessibleName(/6 Months/);
    const summary = screen.getByRole("complementary", { name: "Order summary" });
    expect(summary).toHaveTextContent("6 Months");
    expect(summary).toHaveTextContent("$25");
  });

  it("opens with the first plan for an unknown or malformed planId instead of breaking", () => {
    for (const planId of ["99", "abc"]) {
      const { unmount } = renderAt(`/payment?planId=${planId}`, <PaymentPage />);
      expect(selectedTab()).toHaveAccessibleName(/1 Week/);
      unmount();
    }
  });

  it("does not promise an automatic renewal a crypto payment cannot make (#26), in en and ru", () => {
    const { unmount } = renderAt("/payment?planId=2", <PaymentPage />);
    const summary = screen.getByRole("complementary", { name: "Order summary" });
    expect(summary).not.toHaveTextContent(/renews automatically/i);
    expect(summary).toHaveTextContent("a crypto payment does not renew by itself");
    unmount();
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <I18nProvider language="ru" messages={ru as Messages}>
          <MemoryRouter initialEntries={["/payment?planId=2"]}>
            <PaymentPage />
          </MemoryRouter>
        </I18nProvider>
      </SWRConfig>,
    );
    const ruSummary = screen.getByRole("complementary", { name: "Ваш заказ" });
    expect(ruSummary).not.toHaveTextContent(/автоматически/);
    expect(ruSummary).toHaveTextContent("криптоплатёж сам не продлевается");
  });
});
