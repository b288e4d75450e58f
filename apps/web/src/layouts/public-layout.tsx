import { Outlet } from "react-router-dom";
import { SiteFooter } from "./site-footer.js";
import { SiteHeader } from "./site-header.js";

/**
 * Public pages: header, the page in `<main id="main">` (the skip link's target), footer. No
 * Suspense boundary here: lazy screens bring their own (see app-routes.tsx).
 */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
