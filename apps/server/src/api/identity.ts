/** Who is calling the product API, as its middleware leaves it on the request context. */
import type { Customer } from "./stores/customers.js";

/** Who a verified access token says the caller is. */
export interface ApiIdentity {
  sub: string;
  email: string;
  /**
   * The user has a verified two-factor authenticator but this token (or its session) is only aal1:
   * the password was given, the code not yet. Account routes refuse such a caller.
   */
  needsSecondFactor?: boolean;
  /** The token's session (`session_id`), when it names one: "this device" on the Security screen. */
  sessionId: string | null;
}

export type ApiEnv = { Variables: { identity: ApiIdentity; customer: Customer | undefined; requestId: string } };
