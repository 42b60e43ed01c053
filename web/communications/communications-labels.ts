import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Channel, MessageKind, MessageStatus } from '../../core/communications/communications.rules';
import type { CONSENT_SOURCES } from '../../core/communications/communications.schemas';

// What channels, statuses, kinds and consent sources are called on screen: the communications
// page, the contact page's messages and the receipt actions say them alike.

export const CHANNEL_NAMES: Record<Channel, MessageDescriptor> = { sms: msg`SMS`, whatsapp: msg`WhatsApp`, email: msg`E-mail` };

export const STATUS_NAMES: Record<MessageStatus, MessageDescriptor> = {
  queued: msg`Queued`,
  sending: msg`Sending`,
  sent: msg`Sent`,
  delivered: msg`Delivered`,
  failed: msg`Failed`,
  skipped: msg`Skipped`,
};

export const KIND_NAMES: Record<MessageKind, MessageDescriptor> = {
  receipt: msg`Receipt`,
  debt_reminder: msg`Debt reminder`,
  statement: msg`Statement`,
  loyalty_balance: msg`Loyalty points`,
  low_stock: msg`Low-stock alert`,
  campaign: msg`Campaign`,
  test: msg`Test`,
  team_invitation: msg`Team invitation`,
};

/** How a consent was recorded. */
export const CONSENT_SOURCE_NAMES: Record<(typeof CONSENT_SOURCES)[number], MessageDescriptor> = {
  form: msg`on a form`,
  verbal: msg`verbally`,
  sms_stop: msg`by a STOP reply`,
  import: msg`in an import`,
};
