export {
  type PaymentMethod,
  PaymentMethodPicker,
  type PaymentMethodPickerProps,
  paymentMethodVariants,
} from "./payment-method-picker.js";
