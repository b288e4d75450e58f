export {
  type PaymentStatus,
  PaymentsTable,
  type PaymentsTableProps,
  type PaymentsTableRow,
  paymentsTableVariants,
} from "./payments-table.js";
