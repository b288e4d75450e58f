import { Navigate, Outlet } from "react-router-dom";
import { useAuth } from "../auth/auth-provider.js";
import { AccountLayoutSkeleton } from "../layouts/account-layout-skeleton.js";
import { PATHS } from "../navigation/paths.js";

/**
 * docs/product.md §2.2: the account area needs a signed-in user who is not recovering a password; anyone else
 * goes to /login. While auth is still loading it shows the account area's skeleton (no flash of
 * either outcome, and no empty screen).
 */
export function ProtectedRoute() {
  const { loading, signedIn, exit } = useAuth();
  if (loading) return <AccountLayoutSkeleton />;
  // After logout or account deletion the exit chosen there wins over the default /login.
  if (!signedIn) return <Navigate to={exit?.to ?? PATHS.login} state={exit?.state} replace />;
  return <Outlet />;
}
