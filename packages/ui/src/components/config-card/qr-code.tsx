import QRCode from "qrcode";
import * as React from "react";
import { cn } from "../../lib/cn.js";

/** Modules of blank margin around the code; the QR standard asks for four. */
const QUIET_ZONE = 4;

/**
 * The dark modules of `text`'s QR code as one SVG path (a 1×1 square per module, offset by the
 * quiet zone), and the side of the whole square in modules. Uses the `qrcode` library's encoder
 * only; drawing it as an SVG path keeps it sharp at any size, needs no canvas and renders on the
 * server too.
 */
export function qrPath(text: string): { path: string; size: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { path: parts.join(""), size: modules.size + QUIET_ZONE * 2 };
}

export interface QrCodeProps extends Omit<React.ComponentProps<"svg">, "children"> {
  /** What the code encodes. */
  value: string;
  /** The text alternative: what the code is, e.g. "QR code of the WireGuard config for Happy Seagull". */
  label: string;
}

/** A QR code as an image with a text alternative. Black on white whatever the theme: scanners need it. */
export function QrCode({ value, label, className, ...props }: QrCodeProps) {
  const { path, size } = React.useMemo(() => qrPath(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-slot="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={cn("block aspect-square h-auto w-full bg-white", className)}
      {...props}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
