"use client";

// The parts of the page that take functions (handlers, text formatters, render props) or call a hook:
// a server component cannot pass a function to a client component, so they live in this module.
import {
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  LanguageSwitch,
  PaymentMethodPicker,
  PaymentsTable,
  PlanTabs,
  ResendCountdown,
  TokenGrid,
  useField,
} from "@veil/ui";
import { useEffect, useState } from "react";

/**
 * Marks the document once React has hydrated the page (effects run only after hydration), so the
 * Playwright project waits for this signal instead of guessing how long hydration takes on a loaded box.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

export function LanguageMenu() {
  const [language, setLanguage] = useState("en");
  return (
    <LanguageSwitch
      languages={[
        { value: "en", label: "English", lang: "en" },
        { value: "ru", label: "Русский", lang: "ru" },
      ]}
      value={language}
      onValueChange={setLanguage}
      label="Language"
    />
  );
}

export function Resend() {
  return <ResendCountdown resendLabel="Resend code" seconds={0} onResend={() => {}} />;
}

/** A control of the team's own, wired by the package's field layer. */
export function CountryField() {
  const field = useField({ hint: "Where you live", error: "Choose a country" });
  return (
    <Field invalid={field.invalid}>
      <FieldLabel htmlFor={field.controlId}>Country</FieldLabel>
      <FieldHint id={field.hintId}>Where you live</FieldHint>
      <select {...field.controlProps} className="demo-select">
        <option>Portugal</option>
      </select>
      <FieldError id={field.errorId}>Choose a country</FieldError>
    </Field>
  );
}

export function Plans() {
  return (
    <PlanTabs
      label="Plan"
      defaultValue="month"
      items={[
        { value: "week", label: "1 Week", detail: "$2 · 7 days" },
        { value: "month", label: "1 Month", detail: "$5 · 30 days" },
      ]}
      renderPanel={(item) => <p className="demo-panel">Selected: {item.label}</p>}
    />
  );
}

export function PaymentMethods() {
  return (
    <PaymentMethodPicker
      label="Payment method"
      onSelect={() => {}}
      methods={[
        { id: "card", label: "Card", description: "Not available yet", disabled: true },
        { id: "crypto", label: "Cryptocurrency", description: "USDT, USDC, DAI and more" },
      ]}
    />
  );
}

export function Tokens() {
  return (
    <TokenGrid
      label="Choose a token"
      showMoreLabel="Show more"
      showLessLabel="Show less"
      countText={(shown, total) => `Showing ${shown} of ${total}`}
      initialCount={2}
      tokens={[
        { value: "USDTTRC", label: "USDT", description: "TRC-20" },
        { value: "USDCERC", label: "USDC", description: "ERC-20" },
        { value: "DAIERC", label: "DAI", description: "ERC-20" },
      ]}
    />
  );
}

export function Payments() {
  return (
    <PaymentsTable
      caption="Payment history"
      columns={{ date: "Date", amount: "Amount", method: "Method", status: "Status" }}
      statusLabels={{ success: "Paid", pending: "In progress", rejected: "Rejected" }}
      viewAllLabel="View all"
      hideLabel="Hide"
      countText={(shown, total) => `Showing ${shown} of ${total} payments`}
      emptyText="No payments yet"
      initialCount={1}
      rows={[
        { id: "p1", date: "20 Nov 2026", amount: "$5", method: "USDT", status: "success" },
        { id: "p2", date: "18 Nov 2026", amount: "$45", method: "DAI", status: "rejected" },
      ]}
    />
  );
}
