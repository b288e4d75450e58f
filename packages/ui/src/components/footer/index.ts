export { Footer, type FooterLinkGroup, type FooterProps, footerLinkVariants } from "./footer.js";
