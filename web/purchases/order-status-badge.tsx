import { useLingui } from '@lingui/react';
import type { PurchaseOrderStatus } from '../../core/purchases/purchase-order.rules';
import { Badge } from '../components/ui/badge';
import { ORDER_STATUS_LABELS, ORDER_STATUS_VARIANTS } from './purchase-labels';

export const ORDERS_PATH = '/admin/purchases/orders';

export function OrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  const { i18n } = useLingui();
  return <Badge variant={ORDER_STATUS_VARIANTS[status]}>{i18n._(ORDER_STATUS_LABELS[status])}</Badge>;
}
