export { ConfigCard, type ConfigCardProps, configCardVariants } from "./config-card.js";
export { QrCode, type QrCodeProps, qrPath } from "./qr-code.js";
