import { virtual } from "@guidepup/virtual-screen-reader";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as React from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Button } from "../components/button/button.js";
import { ConfigCard } from "../components/config-card/config-card.js";
import { CopyButton } from "../components/copy-button/copy-button.js";
import { DeviceList, DeviceListItem } from "../components/device-list/device-list.js";
import { OtpInput } from "../components/otp-input/otp-input.js";
import { nextUntil } from "../test/screen-reader.js";

/*
 * What a screen reader says for code entry, copying and devices (see screen-reader.test.tsx, which
 * also has the chosen token: the simulated reader reads a native radio's `checked` attribute, not
 * the checkedness browsers expose, and `mirrorCheckedness` in ../test/screen-reader.ts bridges that).
 */

afterEach(async () => {
  await virtual.stop();
});

function Code({ error }: { error?: string }) {
  const [value, setValue] = React.useState("");
  return (
    <>
      <OtpInput
        label="Confirmation code"
        hint="6 digits from the e-mail"
        value={value}
        onValueChange={setValue}
        error={error}
      />
      <Button>Check</Button>
    </>
  );
}

describe("OtpInput", () => {
  it("should read a pasted code as the field's value, once", async () => {
    const { container } = render(<Code />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("textbox", { name: "Confirmation code" }));
    // As copied from the e-mail, with the spaces around it (docs/product.md §5.5).
    await user.paste("  481927\n");
    await virtual.start({ container });
    await nextUntil("textbox");
    const log = await virtual.spokenPhraseLog();
    expect(log.at(-1)).toBe("textbox, Confirmation code, 481927, 6 digits from the e-mail");
  });

  it("should read the error with the field, and say it is invalid", async () => {
    const { container } = render(<Code error="That code is not right. Check the latest e-mail." />);
    await virtual.start({ container });
    await nextUntil("textbox");
    expect(await virtual.lastSpokenPhrase()).toBe(
      "textbox, Confirmation code, 6 digits from the e-mail That code is not right. Check the latest e-mail., invalid",
    );
  });
});

describe("CopyButton", () => {
  it("should announce politely that the text was copied", async () => {
    const user = userEvent.setup(); // a clipboard for jsdom
    const { container } = render(
      <CopyButton
        value="PrivateKey = …"
        label="Copy config"
        copiedLabel="Copied"
        failedLabel="Could not copy"
        resetAfterMs={60_000}
      />,
    );
    await virtual.start({ container });
    await nextUntil("button, Copy config");
    await user.click(screen.getByRole("button", { name: "Copy config" }));
    await act(async () => {});
    await nextUntil("polite");
    expect(await virtual.lastSpokenPhrase()).toBe("polite: Copied");
  });
});

describe("DeviceList", () => {
  it("should read the list by name, each device as a heading with its facts and named actions", async () => {
    const { container } = render(
      <DeviceList label="Your devices">
        <DeviceListItem
          name="Happy Seagull"
          details={[
            { term: "Addresses", value: "10.64.0.7/32" },
            { term: "Last connected", value: "Never" },
          ]}
          actions={<Button aria-label="Remove Happy Seagull">Remove</Button>}
        />
      </DeviceList>,
    );
    await virtual.start({ container });
    await nextUntil("button");
    const log = await virtual.spokenPhraseLog();
    expect(log[0]).toBe("list, Your devices");
    expect(log.slice(1, 9)).toEqual([
      "listitem, Happy Seagull, level 1, position 1, set size 1",
      "heading, Happy Seagull, level 3",
      "term",
      "Addresses",
      "end of term",
      "definition",
      "10.64.0.7/32",
      "end of definition",
    ]);
    expect(log.at(-1)).toBe("button, Remove Happy Seagull");
  });
});

describe("ConfigCard", () => {
  it("should read the title, the note, the actions before the text, and name the QR code", async () => {
    const { container } = render(
      <ConfigCard
        title="Config for Happy Seagull"
        description="The private key never left this browser."
        config={"[Interface]\nAddress = 10.64.0.7/32"}
        fileName="veil-happy-seagull.conf"
        downloadLabel="Download config"
        copyLabel="Copy config"
        copiedLabel="Copied"
        copyFailedLabel="Could not copy"
        qrLabel="QR code of the config for Happy Seagull"
        qrCaption="Scan it with the app on another device"
        textLabel="Config text"
      />,
    );
    await virtual.start({ container });
    await nextUntil("image");
    const log = await virtual.spokenPhraseLog();
    const at = (phrase: string) => log.findIndex((p) => p.startsWith(phrase));
    expect(at("heading, Config for Happy Seagull, level 2")).toBeGreaterThanOrEqual(0);
    expect(log).toContain("The private key never left this browser.");
    expect(at("button, Download config")).toBeGreaterThan(at("heading, Config for Happy Seagull"));
    expect(at("button, Copy config")).toBeGreaterThan(at("button, Download config"));
    expect(log.at(-1)).toBe("image, QR code of the config for Happy Seagull");
  });
});
