import type { RenderLink } from "@veil/ui";
import { Link } from "react-router-dom";

/** Lets @veil/ui navigation components (header, footer, sidebar) navigate with the router. */
export const renderRouterLink: RenderLink = ({ href, children, ...props }) => (
  <Link to={href} {...props}>
    {children}
  </Link>
);
