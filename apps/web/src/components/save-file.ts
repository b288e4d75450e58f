/**
 * Hands `blob` to the browser as a download named `name`. Used where a plain link cannot be: the
 * content is made in the page (recovery codes) or needs the bearer token (the data export).
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the Blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
