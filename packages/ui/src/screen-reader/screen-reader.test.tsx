import { virtual } from "@guidepup/virtual-screen-reader";
import { act, render } from "@testing-library/react";
import * as React from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Button } from "../components/button/button.js";
import { LanguageSwitch } from "../components/language-switch/language-switch.js";
import { OtpInput } from "../components/otp-input/otp-input.js";
import { PaymentsTable } from "../components/payments-table/payments-table.js";
import { PlanTabs } from "../components/plan-tabs/plan-tabs.js";
import { TokenGrid } from "../components/token-grid/token-grid.js";
import { mirrorCheckedness, nextUntil } from "../test/screen-reader.js";

/*
 * What a screen reader says, not only what axe finds: each test drives @guidepup/virtual-screen-reader
 * (a screen reader simulated over the accessibility tree, jsdom) and asserts the spoken phrases in
 * order, live-region announcements included ("polite: …", "assertive: …"). Removing a name, a
 * state, a heading or an announcement changes the log and fails the test.
 */

afterEach(async () => {
  await virtual.stop();
});

/** Starts the reader on `container` and moves through it `steps` times. */
async function readThrough(container: HTMLElement, steps: number): Promise<string[]> {
  await virtual.start({ container });
  for (let i = 0; i < steps; i++) await virtual.next();
  return virtual.spokenPhraseLog();
}

describe("PaymentsTable", () => {
  const props = {
    caption: "Payment history",
    columns: { date: "Date", amount: "Amount", method: "Method", status: "Status" },
    statusLabels: { success: "Paid", pending: "In progress", rejected: "Rejected" },
    viewAllLabel: "View all",
    hideLabel: "Hide",
    countText: (shown: number, total: number) => `Showing ${shown} of ${total}`,
    emptyText: "No payments yet",
    initialCount: 1,
    rows: [
      { id: "a", date: "20 Nov 2026", amount: "$5", method: "USDT", status: "success" as const },
      { id: "b", date: "18 Nov 2026", amount: "$45", method: "DAI", status: "rejected" as const },
    ],
  };

  it("should read the caption, the column headers, each row under its date and the count", async () => {
    const { container } = render(<PaymentsTable {...props} />);
    const log = await readThrough(container, 25);
    expect(log.slice(0, 16)).toEqual([
      "table, Payment history",
      "caption, Payment history",
      "rowgroup",
      "row, Date Amount Method Status",
      "columnheader, Date",
      "columnheader, Amount",
      "columnheader, Method",
      "columnheader, Status",
      "end of row, Date Amount Method Status",
      "end of rowgroup",
      "rowgroup",
      "row, 20 Nov 2026 $5 USDT Paid",
      "rowheader, 20 Nov 2026",
      "cell, $5",
      "cell, USDT",
      "cell, Paid",
    ]);
    expect(log).toContain("Showing 1 of 2");
    expect(log).toContain("button, View all, 1 control, not expanded");
  });

  it("should announce the new count politely after view all", async () => {
    const { container } = render(<PaymentsTable {...props} />);
    await virtual.start({ container });
    while ((await virtual.lastSpokenPhrase()) !== "button, View all, 1 control, not expanded") await virtual.next();
    await virtual.act();
    const log = await virtual.spokenPhraseLog();
    expect(log.slice(-2)).toEqual(["button, Hide, 1 control, expanded", "polite: Showing 2 of 2"]);
  });
});

function Grid({ loading, error }: { loading?: boolean; error?: string }) {
  const [value, setValue] = React.useState<string | null>(null);
  return (
    <TokenGrid
      label="Choose a token"
      loading={loading}
      loadingLabel="Loading tokens"
      error={error}
      tokens={[
        { value: "usdt", label: "USDT", description: "TRC-20" },
        { value: "usdc", label: "USDC", description: "ERC-20" },
        { value: "dai", label: "DAI", description: "ERC-20" },
      ]}
      value={value}
      onValueChange={setValue}
      initialCount={2}
      showMoreLabel="Show more"
      showLessLabel="Show less"
      countText={(shown, total) => `Showing ${shown} of ${total}`}
    />
  );
}
describe("TokenGrid", () => {
  it("should read the group and each token as a radio in a set, and announce the count after show more", async () => {
    const { container } = render(<Grid />);
    await virtual.start({ container });
    while (!(await virtual.lastSpokenPhrase()).startsWith("button, Show more")) await virtual.next();
    await virtual.act();
    const log = await virtual.spokenPhraseLog();
    expect(log.slice(0, 3)).toEqual([
      "group, Choose a token",
      "Choose a token",
      "radio, USDT TRC-20, not checked, position 1, set size 2",
    ]);
    expect(log).toContain("radio, USDC ERC-20, not checked, position 2, set size 2");
    expect(log.slice(-3)).toEqual([
      "button, Show more, 1 control, not expanded",
      "button, Show less, 1 control, expanded",
      "polite: Showing 3 of 3",
    ]);
  });

  it("should say a token is checked when Space chooses it, move the check with the arrow keys, and read the token left as not checked", async () => {
    // The reader reads the checked attribute; this copies the checkedness (what browsers expose) into it.
    const unmirror = mirrorCheckedness();
    try {
      const { container } = render(<Grid />);
      await virtual.start({ container });
      await nextUntil("radio, USDT");
      await virtual.press(" ");
      await virtual.press("ArrowRight");
      // Back over the token just left, as a reader's user checks what they did.
      for (let i = 0; i < 3; i++) await virtual.previous();
      expect(await virtual.spokenPhraseLog()).toEqual([
        "group, Choose a token",
        "Choose a token",
        "radio, USDT TRC-20, not checked, position 1, set size 2",
        "radio, USDT TRC-20, checked, position 1, set size 2",
        "radio, USDC ERC-20, checked, position 2, set size 2",
        "TRC-20",
        "USDT",
        "radio, USDT TRC-20, not checked, position 1, set size 2",
      ]);
    } finally {
      unmirror();
    }
  });

  it("should say the group is busy with what is loading, and read a failure as an alert in the group's description", async () => {
    const loading = render(<Grid loading />);
    expect(await readThrough(loading.container, 4)).toEqual([
      "group, Choose a token, busy",
      "Choose a token",
      "paragraph",
      "Loading tokens",
      "end of paragraph",
    ]);
    await virtual.stop();
    loading.unmount();

    // An alert is what makes a browser announce the message the moment it replaces the grid (the
    // simulated reader does not announce an inserted alert; it reads its role).
    const failed = render(<Grid error="Failed to load token list" />);
    expect(await readThrough(failed.container, 4)).toEqual([
      "group, Choose a token, Failed to load token list",
      "Choose a token",
      "alert",
      "Failed to load token list",
      "end of alert",
    ]);
  });
});

describe("PlanTabs", () => {
  it("should read the tab list, the selected tab and its panel", async () => {
    const { container } = render(
      <PlanTabs
        label="Plan"
        defaultValue="month"
        items={[
          { value: "week", label: "1 Week", detail: "$2 · 7 days" },
          { value: "month", label: "1 Month", detail: "$5 · 30 days" },
        ]}
        renderPanel={(item) => <p>Summary of {item.label}</p>}
      />,
    );
    const log = await readThrough(container, 8);
    expect(log[0]).toBe("tablist, Plan, orientated horizontally");
    expect(log).toContain("tab, 1 Week $2 · 7 days, not selected, 1 control, position 1, set size 2");
    expect(log).toContain("tab, 1 Month $5 · 30 days, selected, 1 control, position 2, set size 2");
  });
});

describe("LanguageSwitch", () => {
  it("should read the trigger with the current language and the menu's choices once open", async () => {
    const { container } = render(
      <LanguageSwitch
        label="Language"
        value="en"
        onValueChange={() => {}}
        languages={[
          { value: "en", label: "English", lang: "en" },
          { value: "ru", label: "Русский", lang: "ru" },
        ]}
      />,
    );
    await virtual.start({ container: document.body });
    while (!(await virtual.lastSpokenPhrase()).startsWith("button")) await virtual.next();
    await virtual.press("Enter");
    await virtual.next();
    await virtual.next();
    expect(container).toContainElement(container.querySelector("button"));
    const log = await virtual.spokenPhraseLog();
    expect(log).toContain("button, Language: English, not expanded, has popup menu");
    expect(log.slice(-4)).toEqual([
      "menuitemradio, English, checked, position 1, set size 2",
      "menu, Language: English, orientated vertically",
      "group",
      "menuitemradio, English, checked, position 1, set size 2",
    ]);
  });
});

function Code() {
  return (
    <>
      <OtpInput label="Confirmation code" hint="6 digits from the e-mail" />
      <Button>Check</Button>
    </>
  );
}
describe("OtpInput", () => {
  it("should read one labelled code field with its hint, and the typed digits", async () => {
    const { container } = render(<Code />);
    await virtual.start({ container });
    while (!(await virtual.lastSpokenPhrase()).startsWith("textbox")) await virtual.next();
    await virtual.type("123");
    await act(async () => {
      await virtual.next();
    });
    while (!(await virtual.lastSpokenPhrase()).startsWith("button, Check")) await virtual.next();
    const log = await virtual.spokenPhraseLog();
    expect(log).toContain("textbox, Confirmation code, 6 digits from the e-mail");
    // One field, read once with its value: the six drawn boxes are not read again.
    expect(log).toContain("textbox, Confirmation code, 123, 6 digits from the e-mail");
    expect(log.filter((phrase) => phrase.startsWith("textbox"))).toHaveLength(2);
  });
});
