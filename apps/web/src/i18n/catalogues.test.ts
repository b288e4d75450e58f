import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import en from "./en.json";
import ru from "./ru.json";

const catalogues = { en, ru } as Record<string, Record<string, string>>;

/** Placeholder values for every argument our messages use. */
const VALUES = {
  email: "a@b.c",
  hours: 24,
  age: 18,
  seconds: 30,
  minutes: 5,
  price: "$2",
  week: "$2",
  month: "$5",
  halfYear: "$25",
  year: "$45",
  count: 3,
  date: "1 Jan",
  title: "T",
  token: "USDT TRC-20",
  time: "00:30",
  index: 1,
  plan: "1 Week",
  period: "week",
  section: "Profile",
  shown: 5,
  total: 9,
  step: 1,
  browser: "Firefox 133",
  os: "Windows",
  device: "Firefox 133 on Windows",
  reason: "Server error, try later",
  name: "Happy Seagull",
  limit: 5,
  country: "Netherlands",
  city: "Amsterdam",
  location: "Netherlands, Amsterdam",
  max: 64,
  id: "a1b2c3d4",
};

describe("message catalogues", () => {
  it("en and ru hold exactly the same keys", () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(["en", "ru"])("every %s message is valid ICU and formats without error", (lang) => {
    const errors: unknown[] = [];
    const messages = catalogues[lang] ?? {};
    const intl = createIntl({ locale: lang, messages, onError: (e) => errors.push(e) });
    for (const id of Object.keys(messages)) {
      const text = intl.formatMessage({ id }, VALUES);
      expect(text, id).not.toBe("");
      expect(text, id).not.toMatch(/[{}]/);
    }
    expect(errors).toEqual([]);
  });

  it("no Russian message is left in English", () => {
    const same = Object.keys(en).filter(
      (k) =>
        (en as Record<string, string>)[k] === (ru as Record<string, string>)[k] &&
        /[a-z]{4}/i.test((en as Record<string, string>)[k] ?? ""),
    );
    // Brand, language and store names are the same in both languages on purpose.
    expect(same.filter((k) => !/^(app\.name|language\.|home\.stores\.|notFound\.code)/.test(k))).toEqual([]);
  });

  it("keeps the English wording of docs/product.md §5 and §8", () => {
    expect(en).toMatchObject({
      "loginScreen.invalidEmail": "Please enter a valid email address",
      "loginScreen.fillAllFields": "Please fill out all fields",
      "loginScreen.invalidPassword": "Invalid email or password",
      "loginScreen.emailNotConfirmed": "Please confirm your email before logging in",
      "loginScreen.userBlocked": "Your account has been blocked",
      "loginScreen.accountNotFound": "Account not registered",
      "registerScreen.errors.allRequired": "All fields are required",
      "registerScreen.errors.passwordMismatch": "Passwords do not match",
      emailExists: "This email is already registered",
      "forgotPassword.emailRequired": "Please enter your email",
      "forgotPassword.accountNotFound": "Account not registered",
      "forgotPassword.sendFailed": "Failed to send the code",
      "forgotPassword.codeSent": "Code has been sent",
      "resetPassword.fillAll": "Fill in all fields",
      "resetPassword.mismatch": "The passwords do not match",
      "resetPassword.success": "Password updated successfully",
      "emailConfirmation.invalidCode": "Invalid code or email",
      "emailConfirmation.verificationFailed": "Verification failed. Please try again.",
      "emailConfirmation.error": "Failed to resend. Try again.",
      "emailConfirmation.codeSentAgain": "Code sent again",
      "emailConfirmation.unexpectedError": "Unexpected error",
      registrationError: "Registration failed. Please try again later.",
      "contact.error": "An error occurred while sending the message.",
      "contact.errorSend": "Failed to send your message. Please try again later.",
      "contact.success": "Your message has been sent successfully!",
      "paymentScreen.crypto.errorLoading": "Failed to load token list",
      "paymentScreen.crypto.errorTitle": "Payment Error",
      "paymentScreen.crypto.tokenUnavailable":
        "The selected token is unavailable or the amount is too low. Please try another token or payment method.",
      "paymentScreen.crypto.genericError": "An error occurred while creating the payment. Please try again later.",
      "common.unknownError": "An unexpected error occurred",
      "authRequired.title": "Action unavailable",
      "notFound.title": "Oops! Page not found.",
      "payments.status.pending": "In progress",
    });
  });

  it("Russian day counts use the right plural forms", () => {
    const intl = createIntl({ locale: "ru", messages: ru });
    const days = (count: number) => intl.formatMessage({ id: "subscription.daysLeftValue" }, { count });
    expect([1, 2, 5, 11, 21, 22, 25].map(days)).toEqual([
      "1 день",
      "2 дня",
      "5 дней",
      "11 дней",
      "21 день",
      "22 дня",
      "25 дней",
    ]);
  });
});
