import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  auditLogPageSchema,
  platformSessionPageSchema,
  securityEventPageSchema,
  securitySummarySchema,
  signInLockPageSchema,
  signInLockSchema,
  type AuditLogQuery,
  type SecurityEventListQuery,
  type SessionListQuery,
  type SignInLockListQuery,
} from '../../core/platform/security.schemas';
import { apiRequest } from '../lib/api-client';
import { searchOf } from './plans.api';
import { PLATFORM, usePlatformMutation } from './platform.api';

// The Security page's API (server/platform/security.routes.ts). Unlocking and revoking refresh every
// console query: the figures, the locks, the sessions and the audit log all change.

const SECURITY = [...PLATFORM, 'security'] as const;

export const useSecuritySummary = () =>
  useQuery({
    queryKey: [...SECURITY, 'summary'],
    queryFn: () => apiRequest('/api/platform/security', { schema: securitySummarySchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the security figures failed' },
  });

export const useSecurityEvents = (query: SecurityEventListQuery) =>
  useQuery({
    queryKey: [...SECURITY, 'events', query],
    queryFn: () => apiRequest(`/api/platform/security/events?${searchOf(query)}`, { schema: securityEventPageSchema }),
    placeholderData: keepPreviousData,
  });

export const useSignInLocks = (query: SignInLockListQuery) =>
  useQuery({
    queryKey: [...SECURITY, 'locks', query],
    queryFn: () => apiRequest(`/api/platform/security/locks?${searchOf(query)}`, { schema: signInLockPageSchema }),
    placeholderData: keepPreviousData,
  });

export const usePlatformSessions = (query: SessionListQuery) =>
  useQuery({
    queryKey: [...SECURITY, 'sessions', query],
    queryFn: () => apiRequest(`/api/platform/security/sessions?${searchOf(query)}`, { schema: platformSessionPageSchema }),
    placeholderData: keepPreviousData,
  });

export const usePlatformAuditLog = (query: AuditLogQuery) =>
  useQuery({
    queryKey: [...SECURITY, 'audit', query],
    queryFn: () => apiRequest(`/api/platform/security/audit?${searchOf(query)}`, { schema: auditLogPageSchema }),
    placeholderData: keepPreviousData,
  });

export const useUnlockSignIn = () =>
  usePlatformMutation((key: string) => apiRequest('/api/platform/security/locks/unlock', { method: 'POST', body: { key }, schema: signInLockSchema }));

export const useRevokeSession = () => usePlatformMutation((id: string) => apiRequest(`/api/platform/security/sessions/${id}/revoke`, { method: 'POST' }));
