import { Button } from "@veil/ui";
import { useEffect, useId, useRef } from "react";
import { useT } from "../../../i18n/use-t.js";

/** Codes in the shipped monospace font (never the system's: README, "Visual regression"). */
export const MONO = { fontFamily: '"JetBrains Mono Variable", monospace' } as const;

/** "k4m9x7qp2ab8ht3z" → "k4m9-x7qp-2ab8-ht3z": easier to copy by hand; the server ignores dashes. */
export const groupCode = (code: string) => code.match(/.{1,4}/g)?.join("-") ?? code;

/**
 * The recovery codes, shown once right after two-factor sign-in was turned on (docs/product.md
 * §11.4). The heading takes focus, so a screen reader starts reading here; the codes are a list.
 */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
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
      <Button type="button" className="self-start" onClick={onDone}>
        {t("twoFactor.codes.done")}
      </Button>
    </div>
  );
}
