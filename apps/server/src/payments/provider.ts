/**
 * What the payments module needs from a crypto payment gateway. The Exnode adapter implements it
 * over HTTP; the gateway simulator speaks the same HTTP protocol, so the same adapter serves both.
 */

/** Invoice statuses as Exnode reports them. Only SUCCESS, EXPIRED and ERROR are final. */
export const INVOICE_STATUSES = [
  "CREATED",
  "PAYMENT",
  "ACCEPTED",
  "SUCCESS",
  "PARTIALLYPAID",
  "EXPIRED",
  "ERROR",
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface CreateInvoiceRequest {
  token: string;
  /** Fiat amount, in `fiatCurrency` units (dollars). */
  amount: number;
  fiatCurrency: "USD";
  /** Our payment id; the provider echoes it back on every invoice. */
  clientTransactionId: string;
  redirectUrl: string;
  callbackUrl: string;
}

export interface CreatedInvoice {
  trackerId: string;
  paymentUrl: string;
}

/** The provider's view of one invoice: the only thing settlement acts on. */
export interface ProviderInvoice {
  trackerId: string;
  /** Upper-cased status; an unknown status is kept as text and treated as not final. */
  status: string;
  clientTransactionId: string | null;
  token: string | null;
  /** Fiat amount and currency the invoice was issued for, when the provider reports them. */
  fiatAmount: number | null;
  fiatCurrency: string | null;
  /** What was actually paid, in the token and in fiat, when reported. */
  payedAmount: number | null;
  fiatPayedAmount: number | null;
}

export interface PaymentProvider {
  /** Token codes the provider accepts right now. */
  listTokens(): Promise<string[]>;
  /** Creates an invoice. Never retried by the adapter: a retry could create a second invoice. */
  createInvoice(request: CreateInvoiceRequest): Promise<CreatedInvoice>;
  getInvoice(trackerId: string): Promise<ProviderInvoice>;
}

/**
 * The provider answered and refused the request (a 4xx with a message): e.g. the token is not
 * available or the amount is below its minimum. Retrying the same request will not help.
 */
export class ProviderRejectedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ProviderRejectedError";
  }
}

/**
 * The provider could not be reached, timed out, failed (5xx) or answered something we could not
 * read. For a non-idempotent call the outcome is unknown: the provider may or may not have acted.
 */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProviderUnavailableError";
  }
}
