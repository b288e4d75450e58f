export {
  Accordion,
  AccordionContent,
  AccordionItem,
  type AccordionItemProps,
  type AccordionProps,
  AccordionTrigger,
  accordionTriggerVariants,
  accordionVariants,
} from "./components/accordion/index.js";
export {
  Alert,
  type AlertLive,
  type AlertProps,
  alertVariants,
  InlineError,
  type InlineErrorProps,
} from "./components/alert/index.js";
export { Button, type ButtonProps, buttonVariants, linkVariants } from "./components/button/index.js";
export {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  type CardProps,
  CardTitle,
  type CardTitleProps,
  cardVariants,
} from "./components/card/index.js";
export {
  ConfigCard,
  type ConfigCardProps,
  configCardVariants,
  QrCode,
  type QrCodeProps,
  qrPath,
} from "./components/config-card/index.js";
export {
  CopyButton,
  type CopyButtonProps,
  type CopyState,
  copyButtonVariants,
  copyText,
} from "./components/copy-button/index.js";
export {
  DeviceList,
  type DeviceListDetail,
  DeviceListItem,
  type DeviceListItemProps,
  type DeviceListProps,
  deviceListVariants,
} from "./components/device-list/index.js";
export {
  DialogClose,
  DialogContent,
  type DialogContentProps,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogRoot,
  DialogTitle,
  DialogTrigger,
  dialogContentVariants,
} from "./components/dialog/index.js";
export { EmailField, type EmailFieldProps } from "./components/email-field/index.js";
export { EmptyState, type EmptyStateProps, emptyStateVariants } from "./components/empty-state/index.js";
export {
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  type FieldLabelProps,
  type FieldProps,
  type FieldState,
  hasContent,
  type LabelledFieldProps,
  type UseFieldOptions,
  useField,
} from "./components/field/index.js";
export { Footer, type FooterLinkGroup, type FooterProps, footerLinkVariants } from "./components/footer/index.js";
export { Header, type HeaderProps, headerLinkVariants, headerVariants } from "./components/header/index.js";
export {
  type LanguageOption,
  LanguageSwitch,
  LanguageSwitchButton,
  type LanguageSwitchButtonProps,
  type LanguageSwitchProps,
  languageSwitchTriggerVariants,
} from "./components/language-switch/index.js";
export {
  OTP_LENGTH,
  OtpInput,
  type OtpInputHandle,
  type OtpInputProps,
  otpSlotVariants,
} from "./components/otp-input/index.js";
export { PasswordField, type PasswordFieldProps, passwordToggleVariants } from "./components/password-field/index.js";
export {
  type PaymentMethod,
  PaymentMethodPicker,
  type PaymentMethodPickerProps,
  paymentMethodVariants,
} from "./components/payment-method-picker/index.js";
export {
  type PaymentStatus,
  PaymentsTable,
  type PaymentsTableProps,
  type PaymentsTableRow,
  paymentsTableVariants,
} from "./components/payments-table/index.js";
export { PlanCard, type PlanCardProps, planCardVariants } from "./components/plan-card/index.js";
export {
  PlanList,
  type PlanListPlan,
  type PlanListProps,
  planListTrackVariants,
} from "./components/plan-list/index.js";
export {
  type PlanTabItem,
  PlanTabs,
  type PlanTabsProps,
  planTabsTriggerVariants,
} from "./components/plan-tabs/index.js";
export {
  DEFAULT_RESEND_SECONDS,
  formatCountdown,
  ResendCountdown,
  type ResendCountdownHandle,
  type ResendCountdownProps,
  resendCountdownVariants,
} from "./components/resend-countdown/index.js";
export {
  SidebarNav,
  type SidebarNavItem,
  type SidebarNavProps,
  sidebarNavLinkVariants,
} from "./components/sidebar-nav/index.js";
export { Skeleton, type SkeletonProps, skeletonVariants } from "./components/skeleton/index.js";
export { Spinner, type SpinnerProps, spinnerVariants } from "./components/spinner/index.js";
export {
  type Status,
  StatusBadge,
  type StatusBadgeProps,
  statusBadgeVariants,
} from "./components/status-badge/index.js";
export { TextAreaField, type TextAreaFieldProps } from "./components/text-area-field/index.js";
export { inputVariants, TextField, type TextFieldProps } from "./components/text-field/index.js";
export {
  THEME_ICONS,
  type ThemeLabels,
  ThemeSwitch,
  ThemeSwitchButton,
  type ThemeSwitchButtonProps,
  type ThemeSwitchProps,
  type ThemeValue,
} from "./components/theme-switch/index.js";
export {
  DEFAULT_INITIAL_TOKEN_COUNT,
  TokenGrid,
  type TokenGridProps,
  type TokenOption,
  tokenOptionVariants,
} from "./components/token-grid/index.js";
export { cn } from "./lib/cn.js";
export { Heading, type HeadingLevel, type HeadingProps } from "./lib/heading.js";
export type { LinkRenderProps, NavLinkItem, RenderLink } from "./lib/link.js";
export { useBeforeHydration } from "./lib/use-before-hydration.js";
