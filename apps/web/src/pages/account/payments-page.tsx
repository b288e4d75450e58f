import { PAYMENTS_SHOWN, type PaymentRow, tokenLabel } from "@veil/contracts";
import { PaymentsTable } from "@veil/ui";
import { type IntlShape, useIntl } from "react-intl";
import { useAccount } from "../../account/account-provider.js";
import { DataState } from "../../components/data-state/data-state.js";
import { useFormatPrice } from "../../i18n/format.js";
import { useT } from "../../i18n/use-t.js";
import { AccountSection } from "./account-section.js";

/** Payment history (docs/product.md §2.10): date, amount, method, status; 5 rows then view all; 'In progress' for pending. */
export function PaymentsPage() {
  const t = useT();
  const { paymentsRead } = useAccount();
  // Loading (no data, no error) until the session is initialised.
  const read = paymentsRead;
  return (
    <AccountSection title={t("payments.title")} wide>
      {/* A failed read is never "You have no payments yet" (§8.4). */}
      <DataState read={read} loading={<PaymentHistory payments={[]} loading />} failedTitle={t("payments.loadFailed")}>
        {(payments) => <PaymentHistory payments={payments} loading={false} />}
      </DataState>
    </AccountSection>
  );
}

/**
 * "Mar 1, 2026, 4:45 PM" / "1 мар. 2026 г., 16:45" with no-break spaces inside the time and
 * between a year and its "г.": on a phone the line may break inside the date (a 320 px column
 * needs that) but never as "4:45" / "PM" or "2026" / "г.".
 */
export function paymentDate(intl: IntlShape, iso: string): string {
  const whole = intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
  const time = intl.formatTime(iso, { timeStyle: "short" });
  const date = (whole.endsWith(time) ? whole.slice(0, -time.length) : whole).replace(/(\d)\s+г\./g, "$1\u00a0г.");
  return whole.endsWith(time) ? `${date}${time.replace(/\s/g, "\u00a0")}` : date;
}

function PaymentHistory({ payments, loading }: { payments: PaymentRow[]; loading: boolean }) {
  const t = useT();
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const rows = payments.map((p, index) => ({
    id: `${p.date}-${index}`,
    date: paymentDate(intl, p.date),
    amount: formatPrice(p.amount),
    method: tokenLabel(p.method),
    status: p.status,
  }));
  return (
    <PaymentsTable
      rows={rows}
      caption={t("payments.title")}
      hideCaption
      columns={{
        date: t("payments.date"),
        amount: t("payments.amount"),
        method: t("payments.method"),
        status: t("payments.status"),
      }}
      statusLabels={{
        success: t("payments.status.success"),
        pending: t("payments.status.pending"),
        rejected: t("payments.status.rejected"),
      }}
      initialCount={PAYMENTS_SHOWN}
      viewAllLabel={t("payments.viewAll")}
      hideLabel={t("payments.hide")}
      countText={(shown, total) => t("payments.count", { shown, total })}
      emptyText={t("payments.empty")}
      emptyHeadingLevel={2}
      loading={loading}
      loadingLabel={t("payments.loading")}
    />
  );
}
