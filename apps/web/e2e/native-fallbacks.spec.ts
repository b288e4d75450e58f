import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./helpers/axe.js";
import { holdRequests, watchConsole } from "./helpers.js";

/**
 * The first tap on a prerendered page is answered without React (docs/architecture.md §1.3,
 * islands/native-fallbacks.ts): the header's menu and language list are native popovers, a guest's
 * plan choice opens a native dialog, an FAQ question opens its answer. Checked before hydration
 * (the chunk that hydrates the islands never arrives, so React never wakes) and, where the browser
 * alone can answer, with JavaScript off; then what React does with that state when it wakes.
 */

const TEXT = {
  en: {
    menu: "Open menu",
    nav: "Main",
    privacy: "Privacy",
    language: "Language: English",
    other: "Русский",
    choose: /Choose plan 1 Year/,
    dialog: "Action unavailable",
    register: "Register",
    close: "Close",
    question: "How do I start using Veil?",
    answer: /Register with your e-mail on this site/,
    heading: "Your internet, veiled from prying eyes",
  },
  ru: {
    menu: "Открыть меню",
    nav: "Основное меню",
    privacy: "Конфиденциальность",
    language: "Язык: Русский",
    other: "English",
    choose: /Выбрать тариф 1 год/,
    dialog: "Действие недоступно",
    register: "Зарегистрироваться",
    close: "Закрыть",
    question: "Как начать пользоваться Veil?",
    answer: /Зарегистрируйтесь на сайте/,
    heading: "Ваш интернет — под надёжной вуалью",
  },
} as const;

const HYDRATE_CHUNK = /\/assets\/hydrate-[\w-]+\.js$/;
const LANGUAGE_SWITCH_CHUNK = /\/assets\/language-switch-[\w-]+\.js$/;
/** The whole app (spa/start.tsx), which took over the page to switch its language before issue #30. */
const APP_CHUNK = /\/assets\/start-[\w-]+\.js$/;

/** The app's code never arrives; returns the paths of the requests for it. */
async function withoutApp(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(APP_CHUNK, (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return route.abort();
  });
  return asked;
}

/** The islands' hydration code is held back until `release()`: until then React never wakes. */
const holdHydration = (page: Page) => holdRequests(page, HYDRATE_CHUNK);

/** No island has started hydrating (islands/boot.ts marks each one as React takes it). */
async function expectNoReact(page: Page) {
  await expect(page.locator("veil-island[data-hydrating]")).toHaveCount(0);
}

async function expectAxeClean(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

for (const language of ["en", "ru"] as const) {
  const t = TEXT[language];

  test.describe(`before hydration (${language})`, () => {
    test.use({ locale: language === "en" ? "en-US" : "ru-RU", viewport: { width: 375, height: 812 } });

    test(`the header menu opens as a native popover by tap and keyboard; Escape closes it and focus returns @e2e`, async ({
      page,
    }) => {
      await holdHydration(page);
      await page.goto("/home");
      const toggle = page.getByRole("button", { name: t.menu });
      const privacy = page.getByRole("navigation", { name: t.nav }).getByRole("link", { name: t.privacy });
      await expect(privacy).toBeHidden();

      await toggle.click();
      await expect(privacy).toBeVisible();
      await expectAxeClean(page, "menu open before hydration");
      await toggle.click();
      await expect(privacy).toBeHidden();

      // Keyboard: Enter opens, Tab goes into the menu, Escape closes it and gives focus back.
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(privacy).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(privacy).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(privacy).toBeHidden();
      await expect(toggle).toBeFocused();
      await expectNoReact(page);
    });

    test(`the language list opens natively, closes on Escape with focus back, and a choice switches the page @e2e`, async ({
      page,
    }) => {
      await holdHydration(page);
      await page.goto("/home");
      await page.getByRole("button", { name: t.menu }).click();
      const trigger = page.getByRole("button", { name: t.language });
      const other = page.getByRole("button", { name: t.other, exact: true });
      await trigger.click();
      await expect(other).toBeVisible();
      await expectAxeClean(page, "language list open before hydration");
      await trigger.click();
      await expect(other).toBeHidden();

      // Keyboard: Enter opens, Tab goes into the list, Escape closes it and gives focus back.
      await trigger.focus();
      await page.keyboard.press("Enter");
      await expect(other).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(page.locator("[data-language-choice]").first()).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(other).toBeHidden();
      await expect(trigger).toBeFocused();
      await expectNoReact(page);

      // A choice swaps in the page prerendered in that language: no React, no app.
      await page.keyboard.press("Enter");
      await other.click();
      const next = language === "en" ? "ru" : "en";
      await expect(page.locator("html")).toHaveAttribute("lang", next);
      await expect(page.getByRole("heading", { level: 1, name: TEXT[next].heading })).toBeVisible();
      await expectNoReact(page);
    });

    test(`a language chosen before hydration swaps in the prerendered page without the app, and stays after a reload @e2e`, async ({
      page,
    }) => {
      // Fails before issue #30's swap: the choice waited for the app's code, which never comes here.
      await holdHydration(page);
      const app = await withoutApp(page);
      const next = language === "en" ? "ru" : "en";
      await page.goto("/home");
      const title = await page.title();
      await page.getByRole("button", { name: t.menu }).click();
      await page.getByRole("button", { name: t.language }).click();
      await page.getByRole("button", { name: t.other, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: TEXT[next].heading })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", next);
      await expect(page).not.toHaveTitle(title);
      await expect(page.locator("#root")).toHaveAttribute("data-prerendered", next);
      // The page in the new language is the one its visitors are sent: its menu opens natively in it,
      // and focus went from the choice (gone) to the menu's button.
      const toggle = page.getByRole("button", { name: TEXT[next].menu });
      await expect(toggle).toBeFocused();
      await toggle.click();
      await expect(page.getByRole("button", { name: TEXT[next].language })).toBeVisible();
      await expectAxeClean(page, "page after the language swap");
      expect(app).toEqual([]);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: TEXT[next].heading })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", next);
    });

    test(`a guest's plan choice opens the native dialog: focus inside, scroll locked, Escape and Close return focus @e2e`, async ({
      page,
    }) => {
      await holdHydration(page);
      await page.goto("/home");
      const choose = page.getByRole("button", { name: t.choose });
      await choose.scrollIntoViewIfNeeded();
      await choose.click();
      const dialog = page.getByRole("dialog", { name: t.dialog });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("link", { name: t.register })).toBeFocused();
      await expectAxeClean(page, "plan dialog open before hydration");

      // The page behind does not scroll while the dialog is open.
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => window.scrollY)).toBe(before);

      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(choose).toBeFocused();

      // Keyboard: Enter on the plan's button opens it, its Close button closes it.
      await choose.press("Enter");
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: t.close }).click();
      await expect(dialog).toBeHidden();
      await expect(choose).toBeFocused();
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
      await expectNoReact(page);
    });

    test(`an FAQ question opens and closes its answer by tap and keyboard @e2e`, async ({ page }) => {
      await holdHydration(page);
      await page.goto("/faq");
      const question = page.getByRole("button", { name: t.question });
      const answer = page.getByText(t.answer);
      await expect(answer).toBeHidden();
      await question.click();
      await expect(answer).toBeVisible();
      await expect(question).toHaveAttribute("aria-expanded", "true");
      await expectAxeClean(page, "FAQ entry open before hydration");
      await question.press("Enter");
      await expect(answer).toBeHidden();
      await expect(question).toHaveAttribute("aria-expanded", "false");
      await question.press("Space");
      await expect(answer).toBeVisible();
      await expectNoReact(page);
    });

    test(`a login submitted before its code arrives is busy at once, as the hydrated button shows it @e2e`, async ({
      page,
    }) => {
      // Here all the islands' code is held, the auth screens' chunk too.
      await page.route(/\/assets\/(?!index-)[\w-]+\.js$/, () => {});
      await page.goto("/login");
      const submit = page.locator("button[type='submit']");
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(submit).toHaveAttribute("aria-busy", "true");
      await expect(submit).toHaveAttribute("aria-disabled", "true");
      // The spinner: a 20 px pseudo-element before the label, as `Spinner` is in a large button.
      const spinner = await submit.evaluate((button) => {
        const style = getComputedStyle(button, "::before");
        return { content: style.content, width: style.width, mask: style.maskImage };
      });
      expect(spinner).toEqual({ content: '""', width: "20px", mask: expect.stringContaining("svg") });
      await expectNoReact(page);
    });
  });

  test.describe(`JavaScript off (${language})`, () => {
    test.use({
      locale: language === "en" ? "en-US" : "ru-RU",
      viewport: { width: 375, height: 812 },
      javaScriptEnabled: false,
    });

    test(`the header menu and the language list still open, and Escape closes them @e2e`, async ({ page }) => {
      await page.goto("/home");
      const toggle = page.getByRole("button", { name: t.menu });
      const privacy = page.getByRole("navigation", { name: t.nav }).getByRole("link", { name: t.privacy });
      await toggle.click();
      await expect(privacy).toBeVisible();
      await page.getByRole("button", { name: t.language }).click();
      const other = page.getByRole("button", { name: t.other, exact: true });
      // (Axe runs in the page, so it cannot here; the same HTML passes it above, before hydration.)
      await expect(other).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(other).toBeHidden();
      await expect(privacy).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(privacy).toBeHidden();
    });
  });
}

test.describe("before the start-up script arrives (en)", () => {
  test.use({ locale: "en-US", viewport: { width: 375, height: 812 } });

  test("an FAQ question tapped before it has arrived opens its answer once it does @e2e", async ({ page }) => {
    // The page asks for its start-up module after the first paint (@veil/contracts
    // PAGE_START_SCRIPT); on a slow phone a tap can come first. Here the module is held.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await holdHydration(page);
    await page.goto("/faq", { waitUntil: "domcontentloaded" });
    const question = page.getByRole("button", { name: TEXT.en.question });
    const answer = page.getByText(TEXT.en.answer);
    await question.click();
    await expect(question).toHaveAttribute("aria-expanded", "false");
    await expect(answer).toBeHidden();
    release();
    await expect(answer).toBeVisible();
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await expectNoReact(page);
  });
});

test.describe("when React wakes (en)", () => {
  test.use({ locale: "en-US", viewport: { width: 375, height: 812 } });

  test("a menu opened natively stays open through hydration, and the next tap closes it once @e2e", async ({
    page,
  }) => {
    const release = await holdHydration(page);
    await page.goto("/home");
    const toggle = page.getByRole("button", { name: TEXT.en.menu });
    const privacy = page.getByRole("navigation", { name: TEXT.en.nav }).getByRole("link", { name: TEXT.en.privacy });
    await toggle.click();
    await expect(privacy).toBeVisible();
    release();
    await expect(page.locator("veil-island[data-island='header'][data-hydrating]")).toHaveCount(1);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(privacy).toBeVisible();
    await toggle.click();
    await expect(privacy).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(privacy).toBeVisible();
  });

  test("an FAQ answer opened natively stays open through hydration; React toggles it from there @e2e", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const release = await holdHydration(page);
    await page.goto("/faq");
    const question = page.getByRole("button", { name: TEXT.en.question });
    const answer = page.getByText(TEXT.en.answer);
    await question.click();
    await expect(answer).toBeVisible();
    release();
    await expect(page.locator("veil-island[data-island='faq'][data-hydrating]")).toHaveCount(1);
    await page.waitForTimeout(300);
    await expect(answer).toBeVisible();
    await question.click();
    await expect(answer).toBeHidden();
    await expect(question).toHaveAttribute("aria-expanded", "false");
    expect(errors).toEqual([]);
  });

  test("the native plan dialog stays usable through hydration; a later choice opens React's dialog @e2e", async ({
    page,
  }) => {
    const release = await holdHydration(page);
    await page.goto("/home");
    const choose = page.getByRole("button", { name: TEXT.en.choose });
    await choose.scrollIntoViewIfNeeded();
    await choose.click();
    const dialog = page.getByRole("dialog", { name: TEXT.en.dialog });
    await expect(dialog).toBeVisible();
    release();
    await expect(page.locator("veil-island[data-island='plans'][data-hydrating]")).toHaveCount(1);
    await expect(dialog).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(choose).toBeFocused();
    await choose.click();
    await expect(dialog).toHaveCount(1);
    await expect(page.locator("[data-slot='dialog-content']")).toBeVisible();
  });

  test("the islands' code is fetched when the page is idle, not run, and the first tap finds it cached @e2e", async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const hydrate: { type: string; cached: boolean }[] = [];
    cdp.on("Network.responseReceived", (event) => {
      if (!HYDRATE_CHUNK.test(new URL(event.response.url).pathname)) return;
      const cached = Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache);
      hydrate.push({ type: event.type, cached });
    });
    await page.goto("/home");
    await expect.poll(() => hydrate.length, { timeout: 10_000 }).toBe(1);
    expect(hydrate[0]?.cached).toBe(false);
    await expectNoReact(page);
    await page.getByRole("button", { name: TEXT.en.menu }).click();
    await expect(page.locator("veil-island[data-hydrating]").first()).toBeAttached();
    await expect.poll(() => hydrate.length).toBe(2);
    expect(hydrate[1]).toEqual({ type: "Script", cached: true });
  });

  test("a language chosen in the woken header's menu swaps the page without the app; its islands wake again @e2e", async ({
    page,
  }) => {
    // Fails before issue #30's swap: the switch let the whole app take over, whose code never comes here.
    const console = watchConsole(page);
    const app = await withoutApp(page);
    await page.goto("/home");
    await page.getByRole("button", { name: TEXT.en.menu }).click();
    await expect(page.locator("veil-island[data-island='header'][data-hydrating]")).toHaveCount(1);
    await page.getByRole("button", { name: TEXT.en.language }).click();
    await page.getByRole("menuitemradio", { name: "Русский" }).click();
    await expect(page.getByRole("heading", { level: 1, name: TEXT.ru.heading })).toBeVisible();
    await expect(page).toHaveTitle(/быстрый приватный VPN/);
    expect(await page.evaluate(() => window.localStorage.getItem("lang"))).toBe("ru");
    // The swapped page's islands are React's again once woken (focus on the menu's button wakes
    // them): the Russian menu opens, and English swaps the page back.
    await expect(page.getByRole("button", { name: TEXT.ru.menu })).toBeFocused();
    await expect(page.locator("veil-island[data-island='header'][data-hydrating]")).toHaveCount(1);
    await page.getByRole("button", { name: TEXT.ru.menu }).click();
    await page.getByRole("button", { name: TEXT.ru.language }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1, name: TEXT.en.heading })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(app).toEqual([]);
    expect(console.problems()).toEqual([]);
  });

  test("the page in the other language is fetched when the page is idle, so a choice needs no request @e2e", async ({
    page,
  }) => {
    // Fails before issue #30's swap: nothing was fetched for the switch until the choice.
    const translations: string[] = [];
    page.on("request", (request) => {
      if (/\/index\.ru\.html$/.test(new URL(request.url()).pathname)) translations.push(request.url());
    });
    await page.goto("/home");
    await expect.poll(() => translations.length, { timeout: 10_000 }).toBe(1);
    await expectNoReact(page);
    await page.getByRole("button", { name: TEXT.en.menu }).click();
    await page.getByRole("button", { name: TEXT.en.language }).click();
    await page.getByText("Русский", { exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: TEXT.ru.heading })).toBeVisible();
    expect(translations).toHaveLength(1);
  });

  test("the woken header's language menu finds its code cached too @e2e", async ({ page }) => {
    // The Radix menu loads on its first opening after the header wakes (on-demand-menu.ts); the
    // idle prefetch brings it in advance, so that opening does not wait for the network.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const menuCode: boolean[] = [];
    cdp.on("Network.responseReceived", (event) => {
      if (!LANGUAGE_SWITCH_CHUNK.test(new URL(event.response.url).pathname)) return;
      menuCode.push(Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache));
    });
    await page.goto("/home");
    await expect.poll(() => menuCode.length, { timeout: 10_000 }).toBe(1);
    expect(menuCode[0]).toBe(false);
    await page.getByRole("button", { name: TEXT.en.menu }).click();
    // The menu stays open through hydration; once the header is React's, its language button opens
    // the Radix menu. (This waited for no island to be hydrating, which holds only until the tap
    // wakes them: on a loaded machine they were already awake at the first look, and it failed.)
    await expect(page.locator("veil-island[data-island='header'][data-hydrating]")).toHaveCount(1);
    await page.getByRole("button", { name: TEXT.en.language }).click();
    await expect(page.getByRole("menuitemradio", { name: "Русский" })).toBeVisible();
    await expect.poll(() => menuCode.length).toBe(2);
    expect(menuCode[1]).toBe(true);
  });
});
