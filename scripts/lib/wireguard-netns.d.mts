// Types of wireguard-netns.mjs for the TypeScript callers (apps/node-agent/e2e).
export function tunnelBlocker(): string | null;
export function uniqueSuffix(): string;
export function run(cmd: string, args: string[], input?: string): string;
export function inNs(ns: string, cmd: string, args: string[], input?: string): string;
export function createNamespace(ns: string): void;
export function deleteNamespace(ns: string): void;
export function startWireguardGo(ns: string, iface: string): Promise<void>;
export function deleteWireguardGo(ns: string, iface: string): Promise<void>;
export function wgKeyPair(): { privateKey: string; publicKey: string };
