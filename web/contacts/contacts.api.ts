import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { upgradeMessage, type FeatureKey } from '../../core/billing/plan-features.rules';
import { hasCustomerManagement } from '../../core/contacts/contact.rules';
import {
  contactListSchema,
  contactSchema,
  customerGroupListSchema,
  duplicateListSchema,
  type ContactListQuery,
} from '../../core/contacts/contacts.schemas';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { useEntitlements } from '../billing/billing.api';
import { apiRequest } from '../lib/api-client';

/** Query keys of the area; everything under ['contacts'] is refreshed after a contact changes. */
export const contactKeys = {
  all: ['contacts'] as const,
  list: (query: ContactListQuery) => ['contacts', 'list', query] as const,
  detail: (contactId: string) => ['contacts', 'detail', contactId] as const,
  duplicates: (phone: string, email: string, excludeId: string | undefined) => ['contacts', 'duplicates', phone, email, excludeId] as const,
  groups: ['customer-groups'] as const,
};

export function contactListSearch(query: ContactListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  return params.toString();
}

/** One page of contacts; the previous page stays on screen while the next one loads. */
export function useContactList(query: ContactListQuery) {
  return useQuery({
    queryKey: contactKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`/api/contacts?${contactListSearch(query)}`, { schema: contactListSchema, signal }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the contacts failed' },
  });
}

export function useContact(contactId: string) {
  return useQuery({
    queryKey: contactKeys.detail(contactId),
    queryFn: () => apiRequest(`/api/contacts/${encodeURIComponent(contactId)}`, { schema: contactSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the contact failed' },
  });
}

/** Other contacts with this phone or e-mail (the form's warning while typing). */
export function useDuplicates(phone: string, email: string, excludeId: string | undefined) {
  const enabled = phone.replace(/\D/g, '').length >= 9 || /^\S+@\S+\.\S+$/.test(email);
  return useQuery({
    enabled,
    queryKey: contactKeys.duplicates(phone, email, excludeId),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (phone) params.set('phone', phone);
      if (email) params.set('email', email);
      if (excludeId) params.set('excludeId', excludeId);
      return apiRequest(`/api/contacts/duplicates?${params}`, { schema: duplicateListSchema, signal });
    },
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Checking for duplicate contacts failed' },
  });
}

export function useCustomerGroups({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: contactKeys.groups,
    queryFn: () => apiRequest('/api/customer-groups', { schema: customerGroupListSchema }),
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the customer groups failed' },
  });
}

export function useRefreshContacts() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: contactKeys.all }), queryClient.invalidateQueries({ queryKey: contactKeys.groups })]);
}

/**
 * What this person may do in Contacts, mirroring the server: contacts.edit looks up and adds
 * customers; contacts.manage (managers, owners, a custom role given it) handles suppliers, merges
 * and groups; accounts.adjust sets credit limits and opening balances. Plan features lock controls (badge) outside
 * a trial; until the entitlements arrive nothing is shown as locked (the server still answers 402).
 */
export function useContactsAccess() {
  const user = useSignedInUser();
  const entitlements = useEntitlements({ enabled: user.tenantId !== null });
  const data = entitlements.data;
  const has = (feature: FeatureKey) => !data || Boolean(data.entitlements.features[feature]);
  const hasGroups = !data || hasCustomerManagement(data.entitlements.features);
  return {
    /** Holds contacts.manage: a manager of the contacts, whatever the role is called. */
    isManager: mayDo(user, 'contacts.manage'),
    mayAdjustCredit: mayDo(user, 'accounts.adjust'),
    hasGroups,
    has,
    /** "Pro" (or "Enterprise") on locked controls; null while nothing is known. */
    badge: data ? data.upgradeBadge : null,
    groupsMessage: upgradeMessage('customer_management'),
  };
}
