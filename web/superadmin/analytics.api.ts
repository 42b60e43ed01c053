import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  analyticsSummarySchema,
  endingTrialPageSchema,
  idleShopPageSchema,
  type AnalyticsPeriodQuery,
  type EndingTrialsQuery,
  type IdleShopsQuery,
} from '../../core/platform/analytics.schemas';
import { apiRequest } from '../lib/api-client';
import { searchOf } from './plans.api';

// Analytics (server/platform/analytics.routes.ts): reads only.

const ANALYTICS = ['platform', 'analytics'] as const;

export const useAnalytics = (period: AnalyticsPeriodQuery, enabled: boolean) =>
  useQuery({
    queryKey: [...ANALYTICS, 'summary', period],
    queryFn: () => apiRequest(`/api/platform/analytics?${searchOf(period)}`, { schema: analyticsSummarySchema }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useIdleShops = (query: IdleShopsQuery, enabled: boolean) =>
  useQuery({
    queryKey: [...ANALYTICS, 'idle-shops', query],
    queryFn: () => apiRequest(`/api/platform/analytics/idle-shops?${searchOf(query)}`, { schema: idleShopPageSchema }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useEndingTrials = (query: EndingTrialsQuery) =>
  useQuery({
    queryKey: [...ANALYTICS, 'ending-trials', query],
    queryFn: () => apiRequest(`/api/platform/analytics/ending-trials?${searchOf(query)}`, { schema: endingTrialPageSchema }),
    placeholderData: keepPreviousData,
  });
