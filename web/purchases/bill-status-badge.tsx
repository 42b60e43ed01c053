import { useLingui as useLinguiRuntime } from '@lingui/react';
import type { BillStatus } from '../../core/purchases/bill.rules';
import { Badge } from '../components/ui/badge';
import { BILL_STATUS_LABELS, BILL_STATUS_VARIANTS } from './purchase-labels';

/** Paid, partly paid, due or overdue, in the colour the Bills tab uses. */
export function BillStatusBadge({ status }: { status: BillStatus }) {
  const { i18n } = useLinguiRuntime();
  return <Badge variant={BILL_STATUS_VARIANTS[status]}>{i18n._(BILL_STATUS_LABELS[status])}</Badge>;
}
