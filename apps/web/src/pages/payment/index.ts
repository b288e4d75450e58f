/** The payment screen: its own lazy chunk. */
export { PaymentPage } from "./payment-page.js";
