export { Header, type HeaderProps, headerLinkVariants, headerVariants } from "./header.js";
