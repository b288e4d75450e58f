import { x25519 } from "@noble/curves/ed25519.js";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DEVICE_NAME_MAX as CONTRACT_NAME_MAX, type Device, type PeerConfig, type Server } from "@veil/contracts";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessToken } from "../../../api/access-token.js";
import type { AuthContextValue } from "../../../auth/auth-provider.js";
import { fromBase64, toBase64 } from "../../../devices/base64.js";
import { EN_MESSAGES, type Messages } from "../../../i18n/catalogues.js";
import { I18nProvider } from "../../../i18n/i18n-provider.js";
import ru from "../../../i18n/ru.json";
import { DEVICE_NAME_MAX, DevicesPage } from "./devices-page.js";

const SERVER_KEY = "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=";
const DEMO: Server = {
  id: "demo",
  country: "NL",
  city: "Demo",
  host: "demo.veil.test",
  endpoint: "demo.veil.test:51820",
  publicKey: SERVER_KEY,
  online: true,
  demo: true,
};
const AMSTERDAM: Server = { ...DEMO, id: "nl-ams", city: "Amsterdam", host: "nl1.veil.test", demo: false };

let counter = 0;
function device(name: string, overrides: Partial<Device> = {}): Device {
  counter += 1;
  return {
    id: `${String(counter).padStart(8, "0")}-1111-4111-8111-111111111111`,
    name,
    protocol: "wireguard",
    publicKey: SERVER_KEY,
    ipv4: `10.64.0.${counter}/32`,
    ipv6: `fd00:7665:696c::${counter}/128`,
    createdAt: "2026-11-20T10:00:00.000Z",
    lastHandshakeAt: null,
    serverId: "demo",
    ...overrides,
  };
}
const peerConfig = (d: Device): PeerConfig => ({
  serverId: "demo",
  interface: { addresses: [d.ipv4, d.ipv6], dns: ["10.64.0.1"] },
  peer: { publicKey: SERVER_KEY, endpoint: "demo.veil.test:51820", allowedIps: ["0.0.0.0/0", "::/0"] },
});

/** The fake server: its state, what it answers, and every request body the page sent. */
let state: {
  devices: Device[];
  limit: number;
  active: boolean;
  listStatus: number;
  createError: { status: number; code: string } | null;
};
const sent: { method: string; url: string; body: unknown }[] = [];

function json(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

async function answer(url: string, init: RequestInit): Promise<Response> {
  const method = init.method ?? "GET";
  const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
  sent.push({ method, url, body });
  if (url === "/api/servers") return json(200, { servers: [DEMO, AMSTERDAM] });
  if (url === "/api/devices" && method === "GET") {
    if (state.listStatus !== 200) return json(state.listStatus, { detail: "down", code: "internal" });
    return json(200, { devices: state.devices, limit: state.limit, access: { active: state.active, endsAt: null } });
  }
  if (url === "/api/devices" && method === "POST") {
    if (state.createError) return json(state.createError.status, { detail: "no", code: state.createError.code });
    const created = device("Happy Seagull", { publicKey: body.publicKey, serverId: body.serverId });
    state.devices.push(created);
    return json(201, { device: created, config: peerConfig(created) });
  }
  const id = url.split("/").pop() ?? "";
  const found = state.devices.find((d) => d.id === id);
  if (!found) return json(404, { detail: "gone", code: "device_not_found" });
  if (method === "DELETE") {
    state.devices = state.devices.filter((d) => d !== found);
    return new Response(null, { status: 204 });
  }
  if (body.name) {
    found.name = body.name;
    return json(200, { device: found, config: null });
  }
  found.publicKey = body.publicKey;
  return json(200, { device: found, config: peerConfig(found) });
}

const auth: Partial<AuthContextValue> = { user: { id: "user-1" } as AuthContextValue["user"] };
vi.mock("../../../auth/auth-provider.js", () => ({ useAuth: () => auth }));

beforeEach(() => {
  state = { devices: [], limit: 5, active: true, listStatus: 200, createError: null };
  sent.length = 0;
  accessToken.set("jwt");
  vi.stubGlobal("fetch", vi.fn(answer));
});
afterEach(() => {
  vi.unstubAllGlobals();
  accessToken.set(null);
});

function renderPage(language: "en" | "ru" = "en") {
  const messages = language === "en" ? EN_MESSAGES : (ru as Messages);
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <I18nProvider language={language} messages={messages}>
        <MemoryRouter initialEntries={["/account/devices"]}>
          <DevicesPage />
        </MemoryRouter>
      </I18nProvider>
    </SWRConfig>,
  );
}

/** The body of the first request with this method the page sent. */
function bodyOf(method: string): unknown {
  const request = sent.find((r) => r.method === method);
  if (!request) throw new Error(`no ${method} request was sent`);
  return request.body;
}

const publicKeyOf = (privateKey: string) => toBase64(x25519.getPublicKey(fromBase64(privateKey) as Uint8Array));
const configLine = (text: string, key: string) => text.match(new RegExp(`^${key} = (.*)$`, "m"))?.[1];

// Each test drives a whole screen (and makes X25519 keys): slow on a loaded 2-core machine.
describe("Devices screen", { timeout: 30_000 }, () => {
  it("says it is loading, then shows the empty state, the add form and the demo location named as a demo", async () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Devices" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your devices…");
    expect(await screen.findByRole("heading", { name: "No devices yet" })).toBeInTheDocument();
    const location = await screen.findByRole("combobox", { name: "Server location" });
    expect(within(location).getByRole("option", { name: "Demo location (not a real VPN server)" })).toBeInTheDocument();
    expect(within(location).getByRole("option", { name: "Netherlands, Amsterdam" })).toBeInTheDocument();
    expect(screen.getByText(/the private key never leaves the browser/)).toBeInTheDocument();
  });

  it("adds a device by sending only a public key made here, and shows the config made from its private key", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Server location" }), "nl-ams");
    await user.click(screen.getByRole("button", { name: "Add device" }));
    const card = await screen.findByRole("region", { name: "Config for Happy Seagull" });

    const post = bodyOf("POST") as { publicKey: string; serverId: string };
    expect(Object.keys(post).sort()).toEqual(["publicKey", "serverId"]);
    const { publicKey, serverId } = post;
    expect(serverId).toBe("nl-ams");

    const text = within(card).getByRole("region", { name: "Config as text" }).textContent ?? "";
    const privateKey = configLine(text, "PrivateKey") ?? "";
    expect(publicKeyOf(privateKey)).toBe(publicKey);
    // The private key was in no request.
    expect(JSON.stringify(sent)).not.toContain(privateKey);
    expect(configLine(text, "Endpoint")).toBe("demo.veil.test:51820");
    expect(within(card).getByRole("img", { name: "QR code of the WireGuard config for Happy Seagull" })).toBeVisible();
    expect(within(card).getByText(/cannot be shown again/)).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Download config" })).toBeVisible();
    expect(within(card).getByRole("button", { name: "Copy config" })).toBeVisible();
    await waitFor(() => expect(card).toHaveFocus());
    expect(screen.getByText("Happy Seagull was added.")).toBeInTheDocument();
    expect(await screen.findByRole("listitem", { name: "Happy Seagull" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "I have saved it" }));
    expect(screen.queryByRole("region", { name: "Config for Happy Seagull" })).not.toBeInTheDocument();
  });

  it("takes a pasted public key instead, refusing one that is not 32 bytes of base64 without asking the server", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("checkbox", { name: "I already have a key" }));
    const field = screen.getByRole("textbox", { name: "Your WireGuard public key" });
    await user.type(field, "not-a-key");
    await user.click(screen.getByRole("button", { name: "Add device" }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining("This is not a WireGuard public key"));
    expect(sent.some((r) => r.method === "POST")).toBe(false);

    await user.clear(field);
    await user.type(field, ` ${SERVER_KEY} `);
    await user.click(screen.getByRole("button", { name: "Add device" }));
    const card = await screen.findByRole("region", { name: "Config for Happy Seagull" });
    expect((bodyOf("POST") as { publicKey: string }).publicKey).toBe(SERVER_KEY);
    expect(within(card).getByText(/put your private key into the PrivateKey line/)).toBeInTheDocument();
    expect(within(card).getByRole("region", { name: "Config as text" })).toHaveTextContent(
      "PrivateKey = <your private key>",
    );
  });

  it("lists each device with its addresses, location and dates, and names every action after its device", async () => {
    state.devices = [device("Happy Seagull", { lastHandshakeAt: "2026-11-25T08:30:00.000Z" }), device("Brave Otter")];
    renderPage();
    const item = await screen.findByRole("listitem", { name: "Happy Seagull" });
    expect(within(item).getByText(/^10\.64\.0\.\d+\/32, fd00:7665:696c::\d+\/128$/)).toBeInTheDocument();
    expect(within(item).getByText("Demo location (not a real VPN server)")).toBeInTheDocument();
    expect(within(item).getByText("Nov 25, 2026, 8:30 AM")).toBeInTheDocument();
    expect(within(screen.getByRole("listitem", { name: "Brave Otter" })).getByText("Not yet")).toBeInTheDocument();
    for (const name of ["Rename Happy Seagull", "New key for Happy Seagull", "Remove Happy Seagull"]) {
      expect(within(item).getByRole("button", { name })).toBeVisible();
    }
    expect(screen.getByText("2 of 5 devices")).toBeInTheDocument();
  });

  it("renames a device through its dialog", async () => {
    const user = userEvent.setup();
    state.devices = [device("Happy Seagull")];
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Rename Happy Seagull" }));
    const dialog = screen.getByRole("dialog", { name: "Rename device" });
    const field = within(dialog).getByRole("textbox", { name: "Name" });
    await user.clear(field);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(field).toHaveAccessibleDescription("Enter a name.");
    await user.type(field, "Work laptop{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent.find((r) => r.method === "PATCH")?.body).toEqual({ name: "Work laptop" });
    expect(await screen.findByRole("listitem", { name: "Work laptop" })).toBeInTheDocument();
    expect(screen.getByText("Renamed to Work laptop.")).toBeInTheDocument();
  });

  it("makes a new key only after confirming, sends only its public half and shows the new config", async () => {
    const user = userEvent.setup();
    state.devices = [device("Happy Seagull")];
    renderPage();
    await user.click(await screen.findByRole("button", { name: "New key for Happy Seagull" }));
    const dialog = screen.getByRole("dialog", { name: "Make a new key for Happy Seagull?" });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining("The old config of this device stops working."));
    expect(sent.some((r) => r.method === "PATCH")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Make a new key" }));
    const card = await screen.findByRole("region", { name: "Config for Happy Seagull" });
    const patch = bodyOf("PATCH") as { publicKey: string };
    expect(Object.keys(patch)).toEqual(["publicKey"]);
    const text = within(card).getByRole("region", { name: "Config as text" }).textContent ?? "";
    expect(publicKeyOf(configLine(text, "PrivateKey") ?? "")).toBe(patch.publicKey);
    expect(screen.getByText("Happy Seagull has a new key. Its old config no longer works.")).toBeInTheDocument();
  });

  it("removes a device after confirming and says so", async () => {
    const user = userEvent.setup();
    state.devices = [device("Happy Seagull")];
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Remove Happy Seagull" }));
    const dialog = screen.getByRole("dialog", { name: "Remove Happy Seagull?" });
    await user.click(within(dialog).getByRole("button", { name: "Remove device" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent.find((r) => r.method === "DELETE")?.url).toMatch(/^\/api\/devices\/\d{8}-/);
    expect(await screen.findByRole("heading", { name: "No devices yet" })).toBeInTheDocument();
    expect(screen.getByText("Happy Seagull was removed.")).toBeInTheDocument();
  });

  it("at the limit says so instead of offering to add", async () => {
    state.limit = 2;
    state.devices = [device("One"), device("Two")];
    renderPage();
    expect(await screen.findByText("Device limit reached")).toBeInTheDocument();
    expect(screen.getByText(/You have 2 devices, the most an account can have/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add device" })).not.toBeInTheDocument();
  });

  it("shows the server's refusal by its code, e.g. the device limit reached in another tab", async () => {
    const user = userEvent.setup();
    state.createError = { status: 409, code: "device_limit" };
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Add device" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You have reached the device limit");
  });

  it("without an active subscription keeps the list and removal, issues nothing, says why and links to the plans", async () => {
    const user = userEvent.setup();
    state.active = false;
    state.devices = [device("Happy Seagull")];
    renderPage();
    expect(await screen.findByText("Your subscription is not active")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Choose a plan" })).toHaveAttribute("href", "/account/subscription");
    const item = screen.getByRole("listitem", { name: "Happy Seagull" });
    expect(within(item).queryByRole("button", { name: "New key for Happy Seagull" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add device" })).not.toBeInTheDocument();
    await user.click(within(item).getByRole("button", { name: "Remove Happy Seagull" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Remove device" }));
    expect(await screen.findByRole("heading", { name: "No devices yet" })).toBeInTheDocument();
  });

  it("says the list could not be loaded, never an empty list, and tries again on request", async () => {
    const user = userEvent.setup();
    state.listStatus = 500;
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent("Your devices could not be loaded.");
    expect(screen.queryByRole("heading", { name: "No devices yet" })).not.toBeInTheDocument();
    state.listStatus = 200;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "No devices yet" })).toBeInTheDocument();
  });

  it("speaks Russian", async () => {
    state.devices = [device("Весёлая чайка")];
    renderPage("ru");
    expect(screen.getByRole("heading", { level: 1, name: "Устройства" })).toBeInTheDocument();
    const item = await screen.findByRole("listitem", { name: "Весёлая чайка" });
    expect(within(item).getByRole("button", { name: "Удалить Весёлая чайка" })).toBeVisible();
    expect(await screen.findByRole("combobox", { name: "Расположение сервера" })).toBeInTheDocument();
  });

  it("limits names as the contract does", () => {
    expect(DEVICE_NAME_MAX).toBe(CONTRACT_NAME_MAX);
  });
});
