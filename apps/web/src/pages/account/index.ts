/** The account area (layout and screens): one lazy chunk. */
export { AccountLayout } from "../../layouts/account-layout.js";
export { AccountSupportPage } from "./account-support-page.js";
export { ChangePasswordPage } from "./change-password-page.js";
export { ChangePasswordResetPage } from "./change-password-reset-page.js";
export { DeleteAccountPage } from "./delete-account-page.js";
export { DevicesPage } from "./devices/devices-page.js";
export { PaymentsPage } from "./payments-page.js";
export { ProfilePage } from "./profile-page.js";
export { SecurityPage } from "./security/security-page.js";
export { SubscriptionPage } from "./subscription-page.js";
