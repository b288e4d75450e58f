/**
 * Puts text on the clipboard. The Clipboard API needs a secure context (https or localhost) and a
 * user gesture; where it is missing or refuses (an http intranet address, an old WebView) the text
 * is copied the old way, through a hidden, selected textarea. Resolves to whether it worked, so
 * the caller can tell the user to copy by hand instead of claiming success.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== "undefined" && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, no focus): try the fallback below.
  }
  return copyWithSelection(text);
}

function copyWithSelection(text: string): boolean {
  if (typeof document === "undefined") return false;
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  // Off screen but selectable; fixed so the page does not scroll to it.
  area.style.position = "fixed";
  area.style.top = "0";
  area.style.left = "-9999px";
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    // Deprecated but still the only synchronous way where the Clipboard API is absent.
    copied = typeof document.execCommand === "function" && document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  active?.focus();
  return copied;
}
