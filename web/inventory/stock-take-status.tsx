import type { STOCK_TAKE_STATUSES } from '../../core/inventory/inventory.schemas';
import { Badge } from '../components/ui/badge';

type StockTakeStatus = (typeof STOCK_TAKE_STATUSES)[number];

export const STOCK_TAKE_STATUS_LABELS: Record<StockTakeStatus, string> = { counting: 'Counting', posted: 'Posted', cancelled: 'Cancelled' };
const VARIANTS: Record<StockTakeStatus, 'accent' | 'success' | 'outline'> = { counting: 'accent', posted: 'success', cancelled: 'outline' };

export function StockTakeStatusBadge({ status }: { status: StockTakeStatus }) {
  return <Badge variant={VARIANTS[status]}>{STOCK_TAKE_STATUS_LABELS[status]}</Badge>;
}
