import { Button, CopyButton } from "@veil/ui";
import { Download } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useAuth } from "../../../auth/auth-provider.js";
import { WRAPS } from "../../../components/button-wraps.js";
import { saveFile } from "../../../components/save-file.js";
import { useT } from "../../../i18n/use-t.js";

/** Codes in the shipped monospace font (never the system's: README, "Visual regression"). */
export const MONO = { fontFamily: '"JetBrains Mono Variable", monospace' } as const;

/** "k4m9x7qp2ab8ht3z" → "k4m9-x7qp-2ab8-ht3z": easier to copy by hand; the server ignores dashes. */
export const groupCode = (code: string) => code.match(/.{1,4}/g)?.join("-") ?? code;

/** The name the saved codes get in the downloads folder. */
export const RECOVERY_CODES_FILE = "veil-recovery-codes.txt";

/**
 * The recovery codes, shown once right after two-factor sign-in was turned on (docs/product.md
 * §11.4). The heading takes focus, so a screen reader starts reading here; the codes are a list.
 * They can be copied or saved as a text file: typing ten codes by hand is where people give up.
 */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const { user } = useAuth();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Found months later in a downloads folder, the file has to say what it is and for which account.
  const text = () =>
    [t("twoFactor.codes.fileIntro", { email: user?.email ?? "" }), "", ...codes.map(groupCode), ""].join("\n");
  return (
    <div className="flex flex-col gap-4">
      <h3 ref={heading} id={headingId} tabIndex={-1} className="text-lg font-semibold text-text outline-none">
        {t("twoFactor.codes.title")}
      </h3>
      <p className="text-text-muted">{t("twoFactor.codes.body")}</p>
      <ol
        aria-labelledby={headingId}
        className="grid grid-cols-1 gap-2 rounded-md border border-border bg-surface-muted p-4 text-base text-text sm:grid-cols-2"
        style={MONO}
      >
        {codes.map((code) => (
          <li key={code} translate="no">
            {groupCode(code)}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <CopyButton
          value={text}
          label={t("twoFactor.codes.copy")}
          copiedLabel={t("twoFactor.copied")}
          failedLabel={t("twoFactor.copyFailed")}
        />
        <Button
          type="button"
          variant="outline"
          className={WRAPS}
          onClick={() => saveFile(new Blob([text()], { type: "text/plain;charset=utf-8" }), RECOVERY_CODES_FILE)}
        >
          <Download aria-hidden="true" />
          {t("twoFactor.codes.download")}
        </Button>
      </div>
      <Button type="button" className="self-start" onClick={onDone}>
        {t("twoFactor.codes.done")}
      </Button>
    </div>
  );
}
