import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReturnDisposition, ReturnReason, SaleStatus } from '../../core/sales/sales.schemas';
import { Badge } from '../components/ui/badge';

export const SALE_STATUS_LABELS: Record<SaleStatus, MessageDescriptor> = {
  completed: msg`Completed`,
  partly_returned: msg`Partly returned`,
  returned: msg`Returned`,
  voided: msg`Voided`,
};

export const RETURN_REASON_LABELS: Record<ReturnReason, MessageDescriptor> = {
  changed_mind: msg`Changed their mind`,
  damaged: msg`Damaged`,
  defective: msg`Does not work`,
  wrong_item: msg`Wrong item`,
  expired: msg`Past its date`,
  other: msg`Other`,
};

export const DISPOSITION_LABELS: Record<ReturnDisposition, MessageDescriptor> = {
  restock: msg`Back on the shelf`,
  damaged: msg`Damaged: write off`,
};

export const MOVEMENT_SOURCE_LABELS: Record<'sale' | 'sale_return' | 'sale_void', MessageDescriptor> = {
  sale: msg`Sale`,
  sale_return: msg`Return`,
  sale_void: msg`Void`,
};

const STATUS_VARIANTS = { completed: 'success', partly_returned: 'accent', returned: 'secondary', voided: 'destructive' } as const;

export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const { i18n } = useLingui();
  return <Badge variant={STATUS_VARIANTS[status]}>{i18n._(SALE_STATUS_LABELS[status])}</Badge>;
}
