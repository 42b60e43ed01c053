import { useLingui } from '@lingui/react';
import { Badge } from '../components/ui/badge';
import { STOCK_TAKE_STATUS_LABELS, type StockTakeStatus } from './inventory-labels';

const VARIANTS: Record<StockTakeStatus, 'accent' | 'success' | 'outline'> = { counting: 'accent', posted: 'success', cancelled: 'outline' };

export function StockTakeStatusBadge({ status }: { status: StockTakeStatus }) {
  const { i18n } = useLingui();
  return <Badge variant={VARIANTS[status]}>{i18n._(STOCK_TAKE_STATUS_LABELS[status])}</Badge>;
}
