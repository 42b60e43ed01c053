import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ContactType, PriceRule } from '../../core/contacts/contacts.schemas';

export const CONTACT_TYPE_LABELS: Record<ContactType, MessageDescriptor> = {
  customer: msg`Customer`,
  supplier: msg`Supplier`,
  both: msg`Customer and supplier`,
};

export const BALANCE_FILTER_LABELS: Record<'due' | 'overdue' | 'deposit', MessageDescriptor> = {
  due: msg`Balance due`,
  overdue: msg`Overdue`,
  deposit: msg`Has a deposit`,
};

export const ARCHIVED_FILTER_LABELS: Record<'archived' | 'all', MessageDescriptor> = {
  archived: msg`Archived only`,
  all: msg`Active and archived`,
};

export const PRICE_RULE_LABELS: Record<PriceRule, MessageDescriptor> = {
  discount: msg`Discount off every price`,
  price_list: msg`Own price per product`,
};
