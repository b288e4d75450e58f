import { Outlet } from "react-router-dom";
import { Island } from "../components/island.js";
import { SiteFooter } from "./site-footer.js";
import { SiteHeader } from "./site-header.js";

/**
 * Public pages: header, the page in `<main id="main">` (the skip link's target), footer. Lazy
 * screens bring their own Suspense boundary with a skeleton (app-routes.tsx). On a prerendered page
 * the header is an island (its menus and language switch); the footer is static HTML.
 */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Island name="header">
        <SiteHeader />
      </Island>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
