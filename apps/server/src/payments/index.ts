/**
 * Payments: plans, payments, subscriptions, the Exnode adapter, the gateway simulator and the
 * reconciler. The composition root calls `createPayments`; the product API uses the service.
 */
import type { Logger } from "pino";
import type { Clock } from "../clock.js";
import { DEV_EXNODE_KEYS } from "../config/index.js";
import type { Db } from "../db/index.js";
import type { Mail } from "../mail/index.js";
import type { PaymentEvents } from "./events.js";
import { createExnodeProvider } from "./exnode-adapter.js";
import type { PaymentProvider } from "./provider.js";
import { type CustomerEmailLookup, createReceiptEnqueuer } from "./receipt.js";
import { type Reconciler, startReconciler } from "./reconciler.js";
import { createPaymentsService, type PaymentsService } from "./service.js";
import type { BeforeCommitHook } from "./settlement.js";
import { createExnodeSimulator, type ExnodeSimulator } from "./simulator/index.js";

export { forgetCustomerPayments } from "./customer-records.js";
export type { PaymentEvents } from "./events.js";
export { createExnodeProvider } from "./exnode-adapter.js";
export { exnodeSignature, isValidExnodeSignature } from "./exnode-signature.js";
export {
  type CreateInvoiceRequest,
  INVOICE_STATUSES,
  type PaymentProvider,
  type ProviderInvoice,
  ProviderRejectedError,
  ProviderUnavailableError,
} from "./provider.js";
export {
  type CreditedPayment,
  type CustomerEmailLookup,
  createReceiptEnqueuer,
  type ReceiptEnqueuer,
} from "./receipt.js";
export type { Reconciler } from "./reconciler.js";
export { CheckoutError, createPaymentsService, type PaymentsService, type ReconcileReport } from "./service.js";
export type { SettlementOutcome } from "./settlement.js";
export { createExnodeSimulator, type ExnodeSimulator, type SimulatorSwitches } from "./simulator/index.js";
export { type PaymentEventRecord, paymentEventRecords } from "./stores/payment-events.js";
export { customerPaymentRecords, oldestPendingInvoiceAt, type PaymentRecord } from "./stores/payments.js";
export { subscriptionEnds } from "./stores/subscriptions.js";

/** Where provider callbacks arrive: `<origin>/api/exnode/callback/<EXNODE_CALLBACK_SECRET>`. */
const CALLBACK_PATH = "/api/exnode/callback/";

/** Receipts are mailed only with a way to find the account's address: a wiring mistake fails at start. */
function receiptAddressOf(lookup: CustomerEmailLookup | undefined): CustomerEmailLookup {
  if (!lookup) throw new Error("payments: receipts (mail) need customerEmail");
  return lookup;
}

/** Where the simulator is mounted. */
export const SIMULATOR_PREFIX = "/sim/exnode";

export interface PaymentsConfig {
  PAYMENT_PROVIDER: "exnode" | "simulator";
  EXNODE_BASE_URL: string;
  /** Required for real Exnode; the simulator falls back to its development pair. */
  EXNODE_PUBLIC_KEY?: string | undefined;
  EXNODE_PRIVATE_KEY?: string | undefined;
  EXNODE_CALLBACK_SECRET: string;
  /** Origin the provider reaches us at; unset means the server's own URL. */
  EXNODE_CALLBACK_BASE_URL?: string | undefined;
  EXNODE_TIMEOUT_MS: number;
  RECONCILE_INTERVAL_SECONDS: number;
}

export interface Payments {
  service: PaymentsService;
  provider: PaymentProvider;
  /** Present in simulator mode: mount `simulator.app` at SIMULATOR_PREFIX. */
  simulator?: ExnodeSimulator;
  /** Tells the module the server's own base URL once it listens (simulator address, callback default). */
  setOwnUrl(url: string): void;
  /** The URL given to `setOwnUrl` ("" before the server listens). */
  ownUrl(): string;
  /** Starts the reconciler (one pass now, then on the configured interval). */
  startReconciler(): Reconciler;
}

/**
 * Builds the payments module. The server's own base URL is known only after it listens
 * (`setOwnUrl`): the simulator is reached through it, and in simulator mode it is where callbacks go.
 */
export async function createPayments(deps: {
  config: PaymentsConfig;
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Origin the real provider posts callbacks to when EXNODE_CALLBACK_BASE_URL is unset. */
  siteUrl: string;
  beforeSettlementCommit?: BeforeCommitHook;
  /** Told of payments started and settled and of reconcile passes (metrics). */
  events?: PaymentEvents;
  /** The outbox receipts are mailed through; without it no receipts are sent. */
  mail?: Pick<Mail, "enqueue" | "kick">;
  /** Where a receipt without its own address goes: the product account's (needed with `mail`). */
  customerEmail?: CustomerEmailLookup;
}): Promise<Payments> {
  const { config, db, clock } = deps;
  const logger = deps.logger.child({ module: "payments" });
  const useSimulator = config.PAYMENT_PROVIDER === "simulator";
  let ownUrl = "";
  const keys = {
    publicKey: config.EXNODE_PUBLIC_KEY ?? (useSimulator ? DEV_EXNODE_KEYS.public : ""),
    privateKey: config.EXNODE_PRIVATE_KEY ?? (useSimulator ? DEV_EXNODE_KEYS.private : ""),
  };
  let simulator: ExnodeSimulator | undefined;
  if (useSimulator) {
    // Callbacks only to a callback path of this server (its own address, SITE_URL, or the
    // configured callback origin); the browser only back to SITE_URL's origin or our own.
    const ownOrigins = () => {
      const origins = [new URL(deps.siteUrl).origin];
      if (ownUrl) {
        const own = new URL(ownUrl);
        origins.push(own.origin);
        if (own.hostname === "127.0.0.1") origins.push(`${own.protocol}//localhost:${own.port}`);
      }
      return origins;
    };
    const callbackOrigins = () => [
      ...ownOrigins(),
      ...(config.EXNODE_CALLBACK_BASE_URL ? [new URL(config.EXNODE_CALLBACK_BASE_URL).origin] : []),
    ];
    simulator = createExnodeSimulator({
      db,
      ...keys,
      prefix: SIMULATOR_PREFIX,
      logger: deps.logger.child({ module: "exnode-simulator" }),
      callbackAllowed: (url) =>
        callbackOrigins().includes(url.origin) && url.pathname.startsWith(CALLBACK_PATH) && !url.search,
      redirectAllowed: (url) => ownOrigins().includes(url.origin),
    });
  }
  const provider = createExnodeProvider({
    baseUrl: useSimulator ? () => `${ownUrl}${SIMULATOR_PREFIX}` : config.EXNODE_BASE_URL,
    ...keys,
    timeoutMs: config.EXNODE_TIMEOUT_MS,
  });
  const callbackBase = () =>
    (config.EXNODE_CALLBACK_BASE_URL ?? (useSimulator ? ownUrl : deps.siteUrl)).replace(/\/+$/, "");
  const service = createPaymentsService({
    db,
    clock,
    logger,
    provider,
    providerName: useSimulator ? "exnode-simulator" : "exnode",
    callbackUrl: () => `${callbackBase()}${CALLBACK_PATH}${config.EXNODE_CALLBACK_SECRET}`,
    beforeSettlementCommit: deps.beforeSettlementCommit,
    ...(deps.events ? { events: deps.events } : {}),
    ...(deps.mail
      ? {
          receipts: {
            enqueue: createReceiptEnqueuer({
              mail: deps.mail,
              siteUrl: deps.siteUrl,
              customerEmail: receiptAddressOf(deps.customerEmail),
            }),
            kick: deps.mail.kick,
          },
        }
      : {}),
  });
  return {
    service,
    provider,
    simulator,
    ownUrl: () => ownUrl,
    setOwnUrl: (url) => {
      ownUrl = url.replace(/\/+$/, "");
    },
    startReconciler: () =>
      startReconciler({
        intervalMs: config.RECONCILE_INTERVAL_SECONDS * 1000,
        pass: async () => {
          const report = await service.reconcile();
          deps.events?.reconciled();
          return report;
        },
        logger,
      }),
  };
}
