import { Navigate, Outlet } from "react-router-dom";
import { useAuth } from "../auth/auth-provider.js";
import { PATHS } from "./paths.js";

/**
 * docs/product.md §2.2: the account area needs a signed-in user who is not recovering a password; anyone else
 * goes to /login. While auth is still loading it renders nothing (no flash of either outcome).
 */
export function ProtectedRoute() {
  const { loading, signedIn, exit } = useAuth();
  if (loading) return null;
  // After logout or account deletion the exit chosen there wins over the default /login.
  if (!signedIn) return <Navigate to={exit?.to ?? PATHS.login} state={exit?.state} replace />;
  return <Outlet />;
}
