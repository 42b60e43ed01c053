import { useQuery } from '@tanstack/react-query';
import { customPriceListSchema, type CustomPriceInput } from '../../core/platform/custom-pricing.schemas';
import { apiRequest } from '../lib/api-client';
import { PLATFORM, usePlatformMutation } from './platform.api';

const pricesPath = (tenantId: string) => `/api/platform/tenants/${tenantId}/custom-prices`;

export const useCustomPrices = (tenantId: string) =>
  useQuery({ queryKey: [...PLATFORM, 'tenant', tenantId, 'custom-prices'], queryFn: () => apiRequest(pricesPath(tenantId), { schema: customPriceListSchema }) });

export const useSetCustomPrice = (tenantId: string) =>
  usePlatformMutation((input: CustomPriceInput) => apiRequest(pricesPath(tenantId), { method: 'POST', body: input, schema: customPriceListSchema }));

export const useEndCustomPrice = (tenantId: string) =>
  usePlatformMutation((priceId: string) => apiRequest(`${pricesPath(tenantId)}/${priceId}/end`, { method: 'POST', schema: customPriceListSchema }));
