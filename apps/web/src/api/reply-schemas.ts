/**
 * The zod reply schemas of the signed-in screens' resources, in a module of their own that
 * hooks.ts imports on demand: the hooks are mounted on every page (the account provider sits above
 * the routes), and a static import would put zod on the landing page.
 */
export { paymentListSchema, subscriptionInfoSchema, tokenListSchema } from "@veil/contracts";
