/**
 * The Devices screen's states for the @a11y, @vrt and ARIA gates (docs/product.md, "Devices"), on
 * the world's accounts: `paid` (active, no devices), `devices` (three, two with the longest names),
 * `full` (as many as the limit), `lapsed` (a week that ended, two devices) and `new` (never paid).
 *
 * "Config shown" is the one state not answered by the real server: adding a device there would
 * leave it on the shared `paid` account (every width and language adds one, until the limit), and
 * the key pair the browser makes and the demo location's key are random. So the page's X25519 key
 * generation is given a fixed pair, and the create request is answered with a fixed device and
 * peer block; the list the page reloads afterwards is the real one with that device added.
 */
import { expect, type Page } from "@playwright/test";
import { type Lang, msg } from "./messages.js";
import type { Screen } from "./screens.js";
import { FIXED_NOW } from "./world.js";
import { fixedKeyPair } from "./world-devices.js";

const PATH = "/account/devices";

/** The pair the page "makes" for the added device, and the demo location's key in its config. */
const ADDED_PAIR = fixedKeyPair("veil-vrt: the device added on screen");
const LOCATION_KEY = fixedKeyPair("veil-vrt: the demo location").publicKey;

/** The list with `count` devices (or its empty state) is on screen. */
async function listed(page: Page, lang: Lang, count: number): Promise<void> {
  // Generous: on a loaded box the first list request has taken over 5 s.
  const timeout = 20_000;
  if (count === 0) return expect(page.getByText(msg(lang, "devices.empty.title"))).toBeVisible({ timeout });
  const list = page.getByRole("list", { name: msg(lang, "devices.listLabel") });
  await expect(list.getByRole("listitem")).toHaveCount(count, { timeout });
}

/** WebCrypto's X25519 key generation in this document returns `pair` (base64 keys). */
async function fixKeyGeneration(page: Page, pair: { privateKey: string; publicKey: string }): Promise<void> {
  const url = (base64: string) => Buffer.from(base64, "base64").toString("base64url");
  await page.evaluate(
    ({ d, x }) => {
      const generateKey = SubtleCrypto.prototype.generateKey;
      SubtleCrypto.prototype.generateKey = async function (this: SubtleCrypto, ...args: unknown[]) {
        const [algorithm] = args as [AlgorithmIdentifier];
        const name = typeof algorithm === "string" ? algorithm : algorithm.name;
        if (name !== "X25519") return (generateKey as (...a: unknown[]) => Promise<CryptoKeyPair>).apply(this, args);
        const jwk = { kty: "OKP", crv: "X25519", x };
        return {
          privateKey: await this.importKey("jwk", { ...jwk, d }, "X25519", true, ["deriveBits"]),
          publicKey: await this.importKey("jwk", jwk, "X25519", true, []),
        };
      } as SubtleCrypto["generateKey"];
    },
    { d: url(pair.privateKey), x: url(pair.publicKey) },
  );
}

/** Adds a device as a customer does; the server's answer is the fixed device described above. */
async function addDevice(page: Page, lang: Lang): Promise<void> {
  await listed(page, lang, 0);
  const servers = (await (await page.request.get("/api/servers")).json()) as { servers: { id: string }[] };
  const serverId = servers.servers[0]?.id ?? null;
  // A friendly name in the page's language, as the server gives one; the next free addresses.
  const device = {
    id: "6f0d3c1e-2b7a-4e59-9c84-1a2b3c4d5e6f",
    name: lang === "ru" ? "Тихая цапля" : "Quiet Heron",
    protocol: "wireguard",
    publicKey: ADDED_PAIR.publicKey,
    ipv4: "10.64.0.12/32",
    ipv6: "fd00:7665:696c::c/128",
    createdAt: FIXED_NOW,
    lastHandshakeAt: null,
    serverId,
  };
  const config = {
    serverId,
    interface: { addresses: [device.ipv4, device.ipv6], dns: ["10.64.0.1", "fd00:7665:696c::1"] },
    peer: { publicKey: LOCATION_KEY, endpoint: "demo.localhost:51820", allowedIps: ["0.0.0.0/0", "::/0"] },
  };
  // Each route answers once, so none outlives this state into the next width's page load: the
  // create, then the list the page reloads after it (the real one, with the device added).
  await page.route(
    "**/api/devices",
    async (route) => {
      await page.route(
        "**/api/devices",
        async (reload) => {
          const response = await reload.fetch();
          const list = (await response.json()) as { devices: unknown[] };
          await reload.fulfill({ response, json: { ...list, devices: [...list.devices, device] } });
        },
        { times: 1 },
      );
      await route.fulfill({ json: { device, config } });
    },
    { times: 1 },
  );
  await fixKeyGeneration(page, ADDED_PAIR);
  await page.getByRole("button", { name: msg(lang, "devices.add.submit") }).click();
  const card = page.getByRole("region", { name: msg(lang, "devices.config.title", { name: device.name }) });
  await expect(
    card.getByRole("img", { name: msg(lang, "devices.config.qrLabel", { name: device.name }) }),
  ).toBeVisible();
  await expect(card.getByText(`PrivateKey = ${ADDED_PAIR.privateKey}`)).toBeVisible();
  await listed(page, lang, 1);
  // The new config took focus (and scrolled to it); the capture starts at the top, no row hovered.
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Active subscription, no devices: the empty list and the form to add one. */
export const DEVICE_ROUTES: Screen[] = [{ name: "account-devices", path: PATH, as: "paid" }];

export const DEVICE_STATES: Screen[] = [
  {
    // The longest names at the long-value widths too (docs/product.md §2.14).
    name: "account-devices.list",
    path: PATH,
    as: "devices",
    act: (page, lang) => listed(page, lang, 3),
    captureWidths: [320, 375, 1280],
    screenshot: true,
  },
  {
    name: "account-devices.limit",
    path: PATH,
    as: "full",
    act: async (page, lang) => {
      await listed(page, lang, 5);
      await expect(page.getByText(msg(lang, "devices.limit.title"))).toBeVisible();
    },
    screenshot: true,
  },
  {
    name: "account-devices.inactive",
    path: PATH,
    as: "lapsed",
    act: async (page, lang) => {
      await listed(page, lang, 2);
      await expect(page.getByText(msg(lang, "devices.inactive.title"))).toBeVisible();
    },
    screenshot: true,
  },
  { name: "account-devices.config", path: PATH, as: "paid", act: addDevice, screenshot: true },
  {
    name: "account-devices.inactive-empty",
    path: PATH,
    as: "new",
    act: async (page, lang) => {
      await listed(page, lang, 0);
      await expect(page.getByText(msg(lang, "devices.inactive.title"))).toBeVisible();
    },
  },
  {
    name: "account-devices.loading",
    path: PATH,
    as: "paid",
    act: async (page, lang) => {
      await expect(page.getByText(msg(lang, "devices.loading")).first()).toBeAttached();
    },
  },
];
