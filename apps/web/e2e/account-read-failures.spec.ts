/**
 * docs/product.md §8.4 in a real browser, on the built app: every read of the account area, made to
 * fail with a 500, a 429 with Retry-After and a dropped connection, shows what could not be loaded
 * and why (in the page's language), never the empty or inactive state, keeps the page within a
 * 375 px screen, and Try again loads the data with focus kept off <body>. Devices' two reads (the
 * list, and the locations of Add a device) are here with the screens that came before them; the
 * same cases, and the stale note, are unit-tested in src/account/account-read-failures.test.tsx.
 */
import { type APIRequestContext, expect, type Page, type Route, test } from "@playwright/test";
import { createAccount, PASSWORD, uniqueEmail } from "./accounts.js";
import { type Lang, msg } from "./helpers/messages.js";
import { useStoredLanguage } from "./helpers.js";

type Failure = "500" | "429" | "network";
const FAILURES: Failure[] = ["500", "429", "network"];

/** Why, in words, for each failure (Retry-After 125 s is told as 3 minutes). */
const REASONS: Record<Lang, Record<Failure, string>> = {
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

function failWith(failure: Failure) {
  return (route: Route) =>
    failure === "500"
      ? route.fulfill({ status: 500, json: { detail: "Internal Server Error" } })
      : failure === "429"
        ? route.fulfill({ status: 429, json: { detail: "Too many requests" }, headers: { "Retry-After": "125" } })
        : route.abort("failed");
}

/** An active subscriber's device list, so Devices shows Add a device (whose locations are the read). */
const ACTIVE_DEVICES = {
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
  access: { active: true, endsAt: "2030-01-01T00:00:00.000Z" },
};

interface Read {
  name: string;
  path: string;
  route: string;
  title: string;
  /** What a failed read must never show (keys of the catalogue). */
  never: string[];
  /** What shows once the read answers (a key). */
  loaded: string;
  /** Answers the device list as an active subscriber's. */
  activeDevices?: boolean;
}

const READS: Read[] = [
  {
    name: "profile",
    path: "/account/profile",
    route: "**/api/subscription/web/info",
    title: "profile.statusFailed",
    never: ["profile.inactive"],
    loaded: "profile.inactive",
  },
  {
    name: "subscription",
    path: "/account/subscription",
    route: "**/api/subscription/web/info",
    title: "subscription.loadFailed",
    never: ["subscription.noActive"],
    loaded: "subscription.noActive",
  },
  {
    name: "payments",
    path: "/account/payments",
    route: "**/api/payment/web/all",
    title: "payments.loadFailed",
    never: ["payments.empty"],
    loaded: "payments.empty",
  },
  {
    name: "sessions",
    path: "/account/security",
    route: "**/api/user/web/sessions",
    title: "security.sessions.error",
    never: ["security.sessions.empty", "security.sessions.onlyThisDevice"],
    loaded: "security.sessions.thisDevice",
  },
  {
    name: "devices",
    path: "/account/devices",
    route: "**/api/devices",
    title: "devices.error",
    never: ["devices.empty.title", "devices.inactive.title"],
    loaded: "devices.empty.title",
  },
  {
    name: "device locations",
    path: "/account/devices",
    route: "**/api/servers",
    title: "devices.add.serversError",
    never: ["devices.add.noServers"],
    loaded: "devices.add.locationLabel",
    activeDevices: true,
  },
];

async function signedIn(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: "veil-dev-anon-key", "Content-Type": "application/json" },
    data: { email, password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const session = await res.text();
  await page.goto("/home");
  await page.evaluate(
    ([value, address]) => {
      localStorage.setItem("veil-auth", value);
      localStorage.setItem("email", address);
    },
    [session, email] as const,
  );
}

const pageWidening = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const lang of ["en", "ru"] as const) {
  for (const read of READS) {
    test(`the ${read.name} read (${read.path}) that fails says why in ${lang}, never shows false data, and Try again recovers @e2e`, async ({
      page,
      request,
    }) => {
      // Three failures, each opened and retried: more than the default 30 s on a busy machine.
      test.setTimeout(90_000);
      const email = uniqueEmail(`read-failures-${lang}`);
      await createAccount(request, email);
      await useStoredLanguage(page, lang);
      await signedIn(page, request, email);
      await page.setViewportSize({ width: 375, height: 800 });

      for (const failure of FAILURES) {
        const what = `${read.name}, ${failure}`;
        await page.unrouteAll({ behavior: "wait" });
        if (read.activeDevices) await page.route("**/api/devices", (route) => route.fulfill({ json: ACTIVE_DEVICES }));
        await page.route(read.route, failWith(failure));
        await page.goto(read.path);

        const failed = page.locator('[data-read-state="failed"]');
        await expect(failed, what).toBeVisible({ timeout: 20_000 });
        await expect(failed, what).toContainText(msg(lang, read.title));
        await expect(failed, what).toContainText(REASONS[lang][failure]);
        for (const key of read.never) await expect(page.getByText(msg(lang, key)), what).toHaveCount(0);
        expect(await pageWidening(page), `${what}: the page is wider than the screen`).toBeLessThanOrEqual(0);

        await page.unroute(read.route);
        await failed.getByRole("button", { name: msg(lang, "dataState.retry") }).click();
        await expect(failed, what).toHaveCount(0, { timeout: 20_000 });
        await expect(page.getByText(msg(lang, read.loaded), { exact: true }).first(), what).toBeVisible();
        const focusOnBody = await page.evaluate(() => document.activeElement === document.body);
        expect(focusOnBody, `${what}: focus fell to <body> after Try again`).toBe(false);
      }
    });
  }
}
