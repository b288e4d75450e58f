"use client";

import { cva, type VariantProps } from "class-variance-authority";
import { Download } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn.js";
import { Heading, type HeadingLevel } from "../../lib/heading.js";
import { Button } from "../button/button.js";
import { CopyButton } from "../copy-button/copy-button.js";
import { QrCode } from "./qr-code.js";

export const configCardVariants = cva("flex flex-col gap-4 rounded-xl border bg-surface p-4 shadow-card sm:p-6", {
  variants: {
    tone: {
      default: "border-border",
      /** Freshly issued: drawn with the primary colour, so the eye lands on it after an action. */
      highlight: "border-primary/40 ring-1 ring-primary/20",
    },
  },
  defaultVariants: { tone: "default" },
});

export interface ConfigCardProps
  extends Omit<React.ComponentProps<"section">, "title">,
    VariantProps<typeof configCardVariants> {
  /** The card's heading, e.g. "Config for Happy Seagull". */
  title: string;
  /** @defaultValue 2 */
  headingLevel?: HeadingLevel;
  /** The config file's text: copied, downloaded, shown as text and encoded in the QR code. */
  config: string;
  /** The downloaded file's name, e.g. "veil-happy-seagull.conf". */
  fileName: string;
  /** @defaultValue "text/plain" */
  mimeType?: string;
  /** Shown under the heading: what to do with it, and what cannot be shown again. */
  description?: React.ReactNode;
  downloadLabel: string;
  copyLabel: string;
  copiedLabel: string;
  copyFailedLabel: string;
  /** The QR code's text alternative. */
  qrLabel: string;
  /** A short caption under the QR code, e.g. "Scan with the WireGuard app on another device". */
  qrCaption?: string;
  /** The name of the region that shows the config as text, e.g. "Config as text". */
  textLabel: string;
  /** Called after the download has been started. */
  onDownload?: () => void;
}

/**
 * A VPN config handed over once: download and copy first (on a phone nobody can scan their own
 * screen), then the config as readable text, and a QR code for the app on another device.
 */
export function ConfigCard({
  title,
  headingLevel = 2,
  config,
  fileName,
  mimeType = "text/plain",
  description,
  downloadLabel,
  copyLabel,
  copiedLabel,
  copyFailedLabel,
  qrLabel,
  qrCaption,
  textLabel,
  onDownload,
  tone,
  className,
  ...props
}: ConfigCardProps) {
  const headingId = React.useId();
  const textId = React.useId();

  function download() {
    // Built here from the text in memory: no URL anywhere serves the file (it holds a private key).
    const url = URL.createObjectURL(new Blob([config], { type: mimeType }));
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked a moment later: some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    onDownload?.();
  }

  return (
    <section
      aria-labelledby={headingId}
      data-slot="config-card"
      data-tone={tone ?? "default"}
      className={cn(configCardVariants({ tone }), className)}
      {...props}
    >
      <div className="flex flex-col gap-1">
        <Heading level={headingLevel} id={headingId} className="break-words font-semibold text-lg text-text">
          {title}
        </Heading>
        {description ? <div className="text-sm text-text-muted">{description}</div> : null}
      </div>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_13rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-start gap-3">
            <Button onClick={download} data-slot="config-card-download">
              <Download aria-hidden="true" />
              {downloadLabel}
            </Button>
            <CopyButton value={config} label={copyLabel} copiedLabel={copiedLabel} failedLabel={copyFailedLabel} />
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <p id={textId} className="font-medium text-sm text-text">
              {textLabel}
            </p>
            <section
              // Scrolls on a narrow screen: focusable and named so a keyboard can scroll it.
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
              tabIndex={0}
              aria-labelledby={textId}
              data-slot="config-card-text"
              className="max-h-72 overflow-auto rounded-md border border-border bg-surface-muted p-3 outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus"
            >
              <pre className="font-mono text-text text-xs leading-5">{config}</pre>
            </section>
          </div>
        </div>
        <figure className="flex w-full max-w-52 flex-col gap-2 justify-self-center md:justify-self-end">
          <div className="rounded-lg border border-border bg-white p-2">
            <QrCode value={config} label={qrLabel} />
          </div>
          {qrCaption ? <figcaption className="text-center text-text-muted text-xs">{qrCaption}</figcaption> : null}
        </figure>
      </div>
    </section>
  );
}
