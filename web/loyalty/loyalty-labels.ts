import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LoyaltyEntryKind } from '../../core/loyalty/loyalty.schemas';

// Ledger entry kinds as shown, read with i18n._ where displayed.
export const LOYALTY_KIND_LABELS: Record<LoyaltyEntryKind, MessageDescriptor> = {
  earn: msg`Earned`,
  redeem: msg`Redeemed`,
  expire: msg`Expired`,
  adjust: msg`Adjusted`,
  reverse: msg`Returned sale`,
};
