/** Placeholder until the issue-14 helper who owns this file fills it in. */
export function ContactGiftCardsTab(_props: { contactId: string; contactName: string; contactType: 'customer' | 'supplier' | 'both' }) {
  return null;
}
