import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** A fresh address per test, so tests never share an account. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const PASSWORD = "Correct-Horse-42";

/** The newest 6-digit code mailed to `email` after `after` (ISO time), read from the dev mailbox. */
export async function mailedCode(request: APIRequestContext, email: string, after = ""): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
        const messages = (await res.json()) as { text: string; subject: string; sentAt: string }[];
        const latest = messages.find((m) => m.sentAt > after);
        code = latest ? (/\b(\d{6})\b/.exec(`${latest.subject}\n${latest.text}`)?.[1] ?? "") : "";
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * Registers and confirms an account through the API (faster than the UI, for tests about later
 * steps); returns the access token of the session the confirmation started.
 */
export async function createAccount(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const headers = { apikey: "veil-dev-anon-key", "Content-Type": "application/json" };
  const signup = await request.post("/auth/v1/signup", { headers, data: { email, password } });
  expect(signup.ok(), await signup.text()).toBe(true);
  const token = await mailedCode(request, email);
  const verify = await request.post("/auth/v1/verify", { headers, data: { type: "email", email, token } });
  expect(verify.ok(), await verify.text()).toBe(true);
  const { access_token } = (await verify.json()) as { access_token: string };
  const register = await request.post("/api/user/web/register", {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { email },
  });
  expect(register.ok(), await register.text()).toBe(true);
  return access_token;
}

/**
 * Waits until the server will mail `mailedAt`'s address again. The e2e server allows one mail per
 * address per MAIL_RESEND_SECONDS (1 s, see playwright.config.ts) of real time, which a fast run
 * beats (a page's fake clock does not move the server's).
 */
export async function untilMailAllowed(page: Page, mailedAt: number): Promise<void> {
  const gap = mailedAt + 1_100 - Date.now();
  if (gap > 0) await page.waitForTimeout(gap);
}

/** Logs in through the login screen and waits for the profile. */
export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  // Signing in has taken over 5 s on a loaded 2-core box (the world's sign-in of the VRT suite).
  await expect(page).toHaveURL(/\/account\/profile$/, { timeout: 15_000 });
  await expect(page.getByText(email)).toBeVisible();
}

/** Types a code into the six-box field. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByRole("textbox", { name: /code/i }).fill(code);
}
