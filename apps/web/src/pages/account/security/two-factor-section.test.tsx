import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthContextValue } from "../../../auth/auth-provider.js";
import { EN_MESSAGES, type Messages } from "../../../i18n/catalogues.js";
import { I18nProvider } from "../../../i18n/i18n-provider.js";
import ru from "../../../i18n/ru.json";
import { renderAt } from "../../../test-utils.js";
import { TwoFactorSection } from "./two-factor-section.js";

// supabase-js's auth.mfa, answered as our auth server would.
const mfa = {
  listFactors: vi.fn(),
  enroll: vi.fn(),
  unenroll: vi.fn(),
  challengeAndVerify: vi.fn(),
  recoveryCodes: { generate: vi.fn(), regenerate: vi.fn(), unenroll: vi.fn() },
};
const reauthenticate = vi.fn();
const updateUser = vi.fn();
let auth: Partial<AuthContextValue>;
vi.mock("../../../auth/auth-provider.js", () => ({ useAuth: () => auth }));

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const CODES = Array.from({ length: 10 }, (_, i) => `k4m9x7qp2ab8ht${String(i).padStart(2, "0")}`);
const verified = { id: "f1", factor_type: "totp", status: "verified" };
const factors = (all: unknown[]) => ({ data: { all }, error: null });
const wrongCode = { status: 422, code: "mfa_verification_failed", message: "Invalid TOTP code entered" };

beforeEach(() => {
  for (const fn of [mfa.listFactors, mfa.enroll, mfa.unenroll, mfa.challengeAndVerify]) fn.mockReset();
  for (const fn of Object.values(mfa.recoveryCodes)) fn.mockReset();
  reauthenticate.mockReset();
  updateUser.mockReset();
  auth = { getClient: async () => ({ auth: { mfa, reauthenticate, updateUser } }) as never };
});

describe("the two-factor section of the Security screen (docs/product.md §11.4)", () => {
  it("turns two-factor sign-in on: QR code and key as text, a code from the app, then the recovery codes once", async () => {
    const user = userEvent.setup();
    mfa.listFactors.mockResolvedValue(factors([]));
    mfa.enroll.mockResolvedValue({
      data: {
        id: "f1",
        type: "totp",
        totp: {
          qr_code: 'data:image/svg+xml;utf-8,<svg fill="white"/>',
          secret: SECRET,
          uri: `otpauth://totp/Veil:a%40b.c?secret=${SECRET}&issuer=Veil`,
        },
      },
      error: null,
    });
    renderAt("/account/security", <TwoFactorSection />);
    const section = await screen.findByRole("region", { name: "Two-factor sign-in" });
    expect(within(section).getByText("Two-factor sign-in is off.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Turn on two-factor sign-in" }));

    const qr = await screen.findByRole("img", { name: "QR code that adds Veil to your authenticator app" });
    expect(qr.getAttribute("src")).toBe(`data:image/svg+xml,${encodeURIComponent('<svg fill="white"/>')}`);
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();
    const code = screen.getByRole("textbox", { name: "Code from the app" });
    expect(code).toHaveFocus();

    mfa.challengeAndVerify.mockResolvedValueOnce({ data: null, error: wrongCode });
    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Confirm and turn on" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The code is wrong. Check it and try again.");
    expect(code).toHaveValue("");

    mfa.challengeAndVerify.mockResolvedValueOnce({ data: {}, error: null });
    mfa.recoveryCodes.generate.mockResolvedValue({ data: { codes: CODES }, error: null });
    await user.type(code, "482913");
    await user.click(screen.getByRole("button", { name: "Confirm and turn on" }));
    const heading = await screen.findByRole("heading", { name: "Save your recovery codes" });
    expect(heading).toHaveFocus();
    expect(mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: "f1", code: "482913" });
    const list = screen.getByRole("list", { name: "Save your recovery codes" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(within(list).getByText("k4m9-x7qp-2ab8-ht00")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "I have saved the codes" }));
    expect(screen.queryByText("k4m9-x7qp-2ab8-ht00")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Two-factor sign-in is on.");
    // Said once (the notice), not again by the status line; focus on the section, not on <body>.
    expect(screen.getAllByText(/Two-factor sign-in is on/)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole("heading", { name: "Two-factor sign-in" })).toHaveFocus());
    expect(screen.getByRole("button", { name: "Turn off" })).toBeInTheDocument();
  }, 20_000);

  it("turns it off only with a code: verifies it, drops the recovery codes, then the factor", async () => {
    const user = userEvent.setup();
    mfa.listFactors.mockResolvedValue(factors([verified]));
    renderAt("/account/security", <TwoFactorSection />);
    expect(await screen.findByText("Two-factor sign-in is on.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    const code = screen.getByRole("textbox", { name: "Code from the app" });
    expect(code).toHaveAccessibleDescription(/enter a code from your authenticator app/);

    mfa.challengeAndVerify.mockResolvedValueOnce({ data: null, error: wrongCode });
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Turn off two-factor sign-in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The code is wrong.");
    expect(mfa.unenroll).not.toHaveBeenCalled();

    mfa.challengeAndVerify.mockResolvedValueOnce({ data: {}, error: null });
    mfa.recoveryCodes.unenroll.mockResolvedValue({ data: { id: "rc" }, error: null });
    mfa.unenroll.mockResolvedValue({ data: { id: "f1" }, error: null });
    await user.type(code, "482913");
    await user.click(screen.getByRole("button", { name: "Turn off two-factor sign-in" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Two-factor sign-in is off.");
    // Announced once, and focus goes to the section's heading instead of falling to <body>.
    expect(screen.getAllByText("Two-factor sign-in is off.")).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole("heading", { name: "Two-factor sign-in" })).toHaveFocus());
    expect(mfa.recoveryCodes.unenroll).toHaveBeenCalledOnce();
    expect(mfa.unenroll).toHaveBeenCalledWith({ factorId: "f1" });
    expect(mfa.recoveryCodes.unenroll.mock.invocationCallOrder[0]).toBeLessThan(
      mfa.unenroll.mock.invocationCallOrder[0] ?? 0,
    );
  }, 20_000);

  it("asks for a code from the app before new recovery codes when none was typed lately, then shows them", async () => {
    const user = userEvent.setup();
    mfa.listFactors.mockResolvedValue(factors([verified]));
    const needsCode = { status: 422, code: "insufficient_aal", message: "Verify a code" };
    mfa.recoveryCodes.regenerate.mockResolvedValueOnce({ data: null, error: needsCode });
    renderAt("/account/security", <TwoFactorSection />);
    expect(await screen.findByText("Two-factor sign-in is on.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Get new recovery codes" }));
    const code = await screen.findByRole("textbox", { name: "Code from the app" });
    expect(code).toHaveAccessibleDescription(/To get new recovery codes, enter a code from your authenticator app/);

    mfa.challengeAndVerify.mockResolvedValueOnce({ data: null, error: wrongCode });
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Get new codes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The code is wrong.");
    expect(mfa.recoveryCodes.regenerate).toHaveBeenCalledOnce();

    mfa.challengeAndVerify.mockResolvedValueOnce({ data: {}, error: null });
    mfa.recoveryCodes.regenerate.mockResolvedValueOnce({ data: { codes: CODES }, error: null });
    await user.type(code, "482913");
    await user.click(screen.getByRole("button", { name: "Get new codes" }));
    const list = await screen.findByRole("list", { name: "Save your recovery codes" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: "f1", code: "482913" });
  }, 20_000);

  it("asks a session signed in long ago for the mailed code before the set-up, then shows the QR code", async () => {
    const user = userEvent.setup();
    mfa.listFactors.mockResolvedValue(factors([]));
    const needed = { status: 400, code: "reauthentication_needed", message: "requires reauthentication" };
    mfa.enroll.mockResolvedValueOnce({ data: null, error: needed });
    reauthenticate.mockResolvedValue({ data: {}, error: null });
    renderAt("/account/security", <TwoFactorSection />);
    await user.click(await screen.findByRole("button", { name: "Turn on two-factor sign-in" }));
    const code = await screen.findByRole("textbox", { name: "Code from the e-mail" });
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(/enter the 6-digit code we sent to your e-mail/);
    expect(reauthenticate).toHaveBeenCalledOnce();

    updateUser.mockResolvedValueOnce({ data: null, error: { status: 422, code: "reauthentication_not_valid" } });
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The code is wrong or has expired.");

    updateUser.mockResolvedValueOnce({ data: {}, error: null });
    mfa.enroll.mockResolvedValueOnce({
      data: {
        id: "f1",
        type: "totp",
        totp: { qr_code: 'data:image/svg+xml;utf-8,<svg fill="white"/>', secret: SECRET },
      },
      error: null,
    });
    await user.type(code, "482913");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("img", { name: "QR code that adds Veil to your authenticator app" })).toBeVisible();
    expect(updateUser).toHaveBeenLastCalledWith({ nonce: "482913" });
  }, 20_000);

  it("says so when the settings cannot be loaded, and tries again on request", async () => {
    const user = userEvent.setup();
    mfa.listFactors.mockResolvedValueOnce({ data: null, error: { status: 500, message: "down" } });
    mfa.listFactors.mockResolvedValueOnce(factors([]));
    renderAt("/account/security", <TwoFactorSection />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Your two-factor settings could not be loaded.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Turn on two-factor sign-in" })).toBeInTheDocument());
  });
});

const EMAIL = "konstantin@example.com";
const URI = `otpauth://totp/Veil:konstantin%40example.com?secret=${SECRET}&issuer=Veil`;
const SHORT_CODES = ["k4m9x7qp2ab8ht01", "k4m9x7qp2ab8ht02", "k4m9x7qp2ab8ht03"];
const enrolment = (uri: string) => ({
  data: { id: "f1", type: "totp", totp: { qr_code: "data:image/svg+xml;utf-8,<svg/>", secret: SECRET, uri } },
  error: null,
});

const LANGS = {
  en: {
    messages: EN_MESSAGES,
    enable: "Turn on two-factor sign-in",
    openApp: "Open in authenticator app",
    copyKey: "Copy key",
    copyCodes: "Copy codes",
    download: "Download as a text file",
    copied: "Copied",
    confirm: "Confirm and turn on",
    codeLabel: "Code from the app",
    intro: `Veil recovery codes for ${EMAIL}.`,
  },
  ru: {
    messages: ru as Messages,
    enable: "Включить двухфакторный вход",
    openApp: "Открыть в приложении-аутентификаторе",
    copyKey: "Скопировать ключ",
    copyCodes: "Скопировать коды",
    download: "Скачать текстовым файлом",
    copied: "Скопировано",
    confirm: "Подтвердить и включить",
    codeLabel: "Код из приложения",
    intro: `Резервные коды Veil для ${EMAIL}.`,
  },
} as const;

/** jsdom's Blob has no text(): FileReader reads it as a browser would. */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

function renderSection(lang: keyof typeof LANGS) {
  return render(
    <I18nProvider language={lang} messages={LANGS[lang].messages}>
      <TwoFactorSection />
    </I18nProvider>,
  );
}

// The authenticator key and the recovery codes leave the page the ways a phone user needs: copied,
// opened in the authenticator app on the same phone (otpauth://), saved as a file.
describe.each(["en", "ru"] as const)("two-factor key and recovery codes (%s)", (lang) => {
  const s = LANGS[lang];
  beforeEach(() => {
    mfa.listFactors.mockResolvedValue(factors([]));
    auth = { ...auth, user: { email: EMAIL } as AuthContextValue["user"] };
  });
  afterEach(() => vi.restoreAllMocks());

  it("offers the key to copy and a link that opens it in the authenticator app on this phone", async () => {
    const user = userEvent.setup();
    mfa.enroll.mockResolvedValue(enrolment(URI));
    renderSection(lang);
    await user.click(await screen.findByRole("button", { name: s.enable }));

    expect(await screen.findByRole("link", { name: s.openApp })).toHaveAttribute("href", URI);
    await user.click(screen.getByRole("button", { name: s.copyKey }));
    // The key as the app wants it: without the spaces that group it on screen.
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByText(s.copied)).toBeInTheDocument();
  });

  it("makes no link of anything but an otpauth://totp/ address", async () => {
    const user = userEvent.setup();
    mfa.enroll.mockResolvedValue(enrolment("javascript:alert(1)"));
    renderSection(lang);
    await user.click(await screen.findByRole("button", { name: s.enable }));
    expect(await screen.findByRole("button", { name: s.copyKey })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: s.openApp })).toBeNull();
  });

  it("copies the recovery codes and saves them as veil-recovery-codes.txt, saying what they are and whose", async () => {
    const user = userEvent.setup();
    mfa.enroll.mockResolvedValue(enrolment(URI));
    mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
    mfa.recoveryCodes.generate.mockResolvedValue({ data: { codes: SHORT_CODES }, error: null });
    renderSection(lang);
    await user.click(await screen.findByRole("button", { name: s.enable }));
    await user.type(await screen.findByRole("textbox", { name: s.codeLabel }), "482913");
    await user.click(screen.getByRole("button", { name: s.confirm }));
    const list = await screen.findByRole("list");
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);

    await user.click(screen.getByRole("button", { name: s.copyCodes }));
    const copied = await navigator.clipboard.readText();
    const lines = copied.split("\n");
    expect(lines[0]).toContain(s.intro);
    expect(lines.filter((line) => /^k4m9-/.test(line))).toEqual([
      "k4m9-x7qp-2ab8-ht01",
      "k4m9-x7qp-2ab8-ht02",
      "k4m9-x7qp-2ab8-ht03",
    ]);

    const saved: { blob?: Blob; name?: string } = {};
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.blob = blob;
      return "blob:codes";
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.name = this.download;
    });
    await user.click(screen.getByRole("button", { name: s.download }));
    expect(saved.name).toBe("veil-recovery-codes.txt");
    expect(saved.blob?.type).toMatch(/^text\/plain/);
    expect(await readBlob(saved.blob as Blob)).toBe(copied);
  });
});
