import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import { contactCreatedSchema, contactListSchema } from '../../core/contacts/contacts.schemas';
import { inventorySettingsSchema } from '../../core/inventory/inventory.schemas';
import { registerCustomerSchema, registerItemListSchema, type RegisterCustomer, type RegisterItem } from '../../core/sales/register-items.schemas';
import { parkedCartListSchema, parkedCartSchema, registerListSchema, salesSettingsSchema, shiftSchema } from '../../core/sales/sales.schemas';
import { sellerLimits } from '../../core/sales/seller-limits.rules';
import { useSignedInUser } from '../auth/auth-provider';
import { apiRequest, isApiError } from '../lib/api-client';
import type { CartCustomer, CartLineCatalog, ParkedCartContent } from './cart';

// The register screen's reads and writes. Keys start with 'registers' or 'shifts' so a sale's
// refresh (useRefreshAfterSale) brings the screen's figures up to date.

export const registerKeys = {
  registers: ['registers', 'list'] as const,
  currentShift: (registerId: string) => ['shifts', 'current', registerId] as const,
  parked: (registerId: string) => ['registers', 'parked', registerId] as const,
  salesSettings: ['registers', 'sales-settings'] as const,
  taxRates: ['registers', 'tax-rates'] as const,
  customers: (search: string) => ['contacts', 'register-search', search] as const,
  grid: (registerId: string, shelf: ProductGridShelf) => ['registers', 'grid', registerId, shelf] as const,
};

/** The shop's active registers with their open shift, if any. */
export function useRegisters() {
  return useQuery({
    queryKey: registerKeys.registers,
    queryFn: () => apiRequest('/api/registers', { schema: registerListSchema }),
    select: (data) => data.items.filter((register) => register.isActive),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the registers failed' },
  });
}

/** The register's open shift; null when none is open (the screen asks to open one). */
export function useCurrentShift(registerId: string | null) {
  return useQuery({
    enabled: registerId !== null,
    queryKey: registerKeys.currentShift(registerId ?? ''),
    queryFn: async () => {
      try {
        return await apiRequest(`/api/shifts/current?registerId=${encodeURIComponent(registerId ?? '')}`, { schema: shiftSchema });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the open shift failed' },
  });
}

export function openShift(body: { registerId: string; openingFloatMinor: number; denominations: Record<string, number> | null }, idempotencyKey: string) {
  return apiRequest('/api/shifts', { method: 'POST', body, schema: shiftSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/**
 * What the register prices with: the shop's VAT rates, and the signed-in seller's limits (the
 * shop's discount limit, their role's cap, whether they may give discounts and change prices),
 * so the till asks for a manager exactly when the checkout would.
 */
export function useRegisterPricingSettings() {
  const user = useSignedInUser();
  const sales = useQuery({
    queryKey: registerKeys.salesSettings,
    queryFn: () => apiRequest('/api/sales-settings', { schema: salesSettingsSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the sales settings failed' },
  });
  const inventory = useQuery({
    queryKey: registerKeys.taxRates,
    queryFn: () => apiRequest('/api/settings/inventory', { schema: inventorySettingsSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the VAT rates failed' },
  });
  const settings =
    sales.data && inventory.data
      ? {
          limits: sellerLimits(user, sales.data.discountLimitBps),
          taxRatesBp: { standard: inventory.data.vatStandardBp, reduced: inventory.data.vatReducedBp, zero_rated: 0, exempt: 0 },
          allowNegativeStock: inventory.data.allowNegativeStock,
        }
      : null;
  return { settings, error: sales.error ?? inventory.error, refetch: () => Promise.all([sales.refetch(), inventory.refetch()]) };
}

export type RegisterItemsLookup = { code: string } | { q: string } | { variantIds: string[] };

export async function fetchRegisterItems(registerId: string, lookup: RegisterItemsLookup, signal?: AbortSignal): Promise<RegisterItem[]> {
  const params = new URLSearchParams({ registerId });
  if ('code' in lookup) params.set('code', lookup.code);
  else if ('q' in lookup) params.set('q', lookup.q);
  else params.set('variantIds', lookup.variantIds.join(','));
  const list = await apiRequest(`/api/register/items?${params}`, { schema: registerItemListSchema, ...(signal ? { signal } : {}) });
  return list.items;
}

/** What the product grid shows: the location's top sellers, or a category's products. */
export type ProductGridShelf = { kind: 'top' } | { kind: 'category'; categoryId: string };

/** The product grid's tiles, a server page at a time ("More" fetches the next). */
export function useProductGridItems(registerId: string, shelf: ProductGridShelf) {
  return useInfiniteQuery({
    queryKey: registerKeys.grid(registerId, shelf),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ registerId });
      if (shelf.kind === 'top') params.set('grid', 'top');
      else {
        params.set('categoryId', shelf.categoryId);
        params.set('page', String(pageParam));
      }
      return apiRequest(`/api/register/items?${params}`, { schema: registerItemListSchema, signal });
    },
    getNextPageParam: (last, _pages, pageParam) => (last.hasMore ? pageParam + 1 : undefined),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the product grid failed' },
  });
}

export function fetchRegisterCustomer(customerId: string): Promise<RegisterCustomer> {
  return apiRequest(`/api/register/customers/${encodeURIComponent(customerId)}`, { schema: registerCustomerSchema });
}

/** Customers matching a name or phone, for the customer picker. */
export function useCustomerSearch(search: string) {
  return useQuery({
    queryKey: registerKeys.customers(search),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ type: 'customer', pageSize: '10', sort: 'name' });
      if (search) params.set('q', search);
      return apiRequest(`/api/contacts?${params}`, { schema: contactListSchema, signal });
    },
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Searching the customers failed' },
  });
}

export function quickAddCustomer(body: { name: string; phone: string | null }, idempotencyKey: string) {
  return apiRequest('/api/contacts', { method: 'POST', body: { ...body, type: 'customer' }, schema: contactCreatedSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function useParkedCarts(registerId: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: registerKeys.parked(registerId),
    queryFn: () => apiRequest(`/api/parked-carts?registerId=${encodeURIComponent(registerId)}`, { schema: parkedCartListSchema }),
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the parked carts failed' },
  });
}

export function parkCart(body: { registerId: string; name: string; note: string | null; cart: ParkedCartContent }, idempotencyKey: string) {
  return apiRequest('/api/parked-carts', { method: 'POST', body, schema: parkedCartSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function deleteParkedCart(parkedCartId: string) {
  return apiRequest(`/api/parked-carts/${encodeURIComponent(parkedCartId)}`, { method: 'DELETE' });
}

/** What the cart keeps of an item sold in a unit (its own, or one of its packs). */
export function catalogOf(item: RegisterItem, unitId: string | null): CartLineCatalog | null {
  const pack = unitId === null || unitId === item.unit?.id ? null : item.packs.find((candidate) => candidate.unitId === unitId);
  if (pack === undefined) return null;
  return {
    productName: item.productName,
    variantName: item.variantName,
    sku: item.sku,
    unitName: pack ? pack.name : (item.unit?.name ?? null),
    allowsDecimals: pack ? pack.allowsDecimals : (item.unit?.allowsDecimals ?? false),
    packSizeMilli: pack ? pack.packSizeMilli : 1000,
    sellingPriceMinor: item.sellingPriceMinor,
    tiers: item.tiers,
    taxClass: item.taxClass,
    onHandMilli: item.onHandMilli,
  };
}

/** The cart's view of a customer (their group's prices). */
export function cartCustomerOf(customer: RegisterCustomer): CartCustomer {
  return {
    id: customer.id,
    name: customer.name,
    groupDiscountBps: customer.groupDiscountBps,
    groupPricesMinor: Object.fromEntries(customer.groupPrices.map((price) => [price.variantId, price.priceMinor])),
  };
}
