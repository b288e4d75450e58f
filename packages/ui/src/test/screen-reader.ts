import { virtual } from "@guidepup/virtual-screen-reader";

/**
 * Moves the simulated reader on until the last spoken phrase starts with `start`; fails with the
 * whole log if it never does within `steps` moves (a missing element, not an endless loop).
 */
export async function nextUntil(start: string, steps = 60): Promise<void> {
  for (let i = 0; i < steps; i++) {
    if ((await virtual.lastSpokenPhrase()).startsWith(start)) return;
    await virtual.next();
  }
  throw new Error(`never reached "${start}": ${(await virtual.spokenPhraseLog()).join(" | ")}`);
}
