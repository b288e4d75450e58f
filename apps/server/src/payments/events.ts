import type { SettlementOutcome } from "./settlement.js";

/**
 * What the payments module reports as it happens. Declared here, where the events come from, so
 * payments knows nobody who listens: metrics implements it and server.ts hands it over.
 */
export interface PaymentEvents {
  created(): void;
  settled(outcome: SettlementOutcome): void;
  reconciled(): void;
}
