/** What the payments service is built from (the composition root passes it; tests vary it). */
import type { Logger } from "pino";
import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import type { PaymentEvents } from "./events.js";
import type { PaymentProvider } from "./provider.js";
import type { ReceiptEnqueuer } from "./receipt.js";
import type { BeforeCommitHook } from "./settlement.js";

export interface PaymentsOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  provider: PaymentProvider;
  /** Name stored on each payment (e.g. "exnode" or "exnode-simulator"). */
  providerName: string;
  /** Where the provider must POST its callback (holds the secret). A function: known after listen. */
  callbackUrl: () => string;
  /** Payments with an invoice are re-checked automatically for this long after they start. */
  reconcileWindowHours?: number;
  /** Payments that never got an invoice are closed as rejected after this long. */
  abandonAfterHours?: number;
  /** Test hook, see settlement.ts. */
  beforeSettlementCommit?: BeforeCommitHook;
  /** Told of payments started and settled (metrics). */
  events?: Pick<PaymentEvents, "created" | "settled">;
  /** Receipt mail: queued in the crediting transaction, delivery kicked once it committed. */
  receipts?: { enqueue: ReceiptEnqueuer; kick(): void };
}
