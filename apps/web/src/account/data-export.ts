import { API_ROUTES } from "@veil/contracts/constants";
import { anyReply, api } from "../api/client.js";
import { saveFile } from "../components/save-file.js";

/** The name the server gives the file (docs/product.md §11.2), dated in UTC. */
export function exportFileName(now: Date): string {
  return `veil-data-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * Fetches the signed-in user's data export and hands it to the browser as a JSON file download.
 * The bearer token rules out a plain link, so the answer is saved from a Blob instead.
 */
export async function downloadMyData(now = new Date()): Promise<void> {
  const data = await api(API_ROUTES.dataExport, undefined, { schema: anyReply });
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }), exportFileName(now));
}
