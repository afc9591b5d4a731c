import { useTranslation } from 'react-i18next';
import type { ShownInvoiceStatus } from '../../../../shared/domain/accounting/invoices';
import { type Tone, ToneBadge } from '../../../components/tone';

const statusTone: Record<ShownInvoiceStatus, Tone> = {
  draft: 'grape',
  sent: 'yellow',
  overdue: 'red',
  paid: 'teal',
  credited: 'orange',
};

/** An invoice's state as a badge whose colour goes with its word (the word alone carries it for screen readers). */
export function InvoiceStatusBadge({ status }: { status: ShownInvoiceStatus }) {
  const { t } = useTranslation('accounting');
  return (
    <ToneBadge tone={statusTone[status]} data-testid="invoice-status">
      {t(`statuses.${status}`)}
    </ToneBadge>
  );
}
