export { SidebarNav, type SidebarNavItem, type SidebarNavProps, sidebarNavLinkVariants } from "./sidebar-nav.js";
