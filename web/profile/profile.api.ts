import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ChangePasswordInput } from '../../core/auth/auth.schemas';
import {
  activityResponseSchema,
  contactProfileResponseSchema,
  contactViewSchema,
  profileViewSchema,
  type ContactProfileInput,
  type ProfileView,
  type UpdateProfileInput,
} from '../../core/profile/profile.schemas';
import { apiRequest } from '../lib/api-client';

export const profileQueryKeys = {
  profile: ['profile'] as const,
  contact: ['profile', 'contact'] as const,
  activity: ['profile', 'activity'] as const,
};

const messageSchema = z.object({ message: z.string() });

export function useProfileQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileQueryKeys.profile,
    enabled,
    queryFn: () => apiRequest('/api/profile', { schema: profileViewSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the profile failed' },
  });
}

export function useContactProfileQuery() {
  return useQuery({
    queryKey: profileQueryKeys.contact,
    queryFn: () => apiRequest('/api/profile/contact', { schema: contactProfileResponseSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the contact profile failed' },
  });
}

export function useActivityQuery() {
  return useQuery({
    queryKey: profileQueryKeys.activity,
    queryFn: () => apiRequest('/api/profile/activity', { schema: activityResponseSchema }),
    // Sign-ins happen elsewhere too: ask again when the tab opens and the list is over 15 s old.
    refetchOnMount: true,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the login activity failed' },
  });
}

export function useUpdateProfileMutation() {
  return useMutation({
    mutationKey: ['profile', 'update'],
    mutationFn: (input: UpdateProfileInput) =>
      apiRequest('/api/profile', { method: 'PATCH', body: input, schema: profileViewSchema }),
  });
}

export function useSaveContactProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'contact', 'save'],
    mutationFn: (input: ContactProfileInput) =>
      apiRequest('/api/profile/contact', { method: 'PUT', body: input, schema: contactViewSchema }),
    onSuccess: (contact) => queryClient.setQueryData(profileQueryKeys.contact, { contact, canHaveContact: true }),
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationKey: ['profile', 'password'],
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest('/api/profile/password', { method: 'POST', body: input, schema: messageSchema }),
  });
}

export function useSendVerificationCodeMutation() {
  return useMutation({
    mutationKey: ['profile', 'email-verification', 'send'],
    mutationFn: () =>
      apiRequest('/api/profile/email-verification', {
        method: 'POST',
        schema: z.object({ resendAfterSeconds: z.number() }),
      }),
  });
}

export function useVerifyEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'email-verification', 'verify'],
    mutationFn: (code: string) =>
      apiRequest('/api/profile/email-verification/verify', { method: 'POST', body: { code }, schema: profileViewSchema }),
    onSuccess: (profile: ProfileView) => queryClient.setQueryData(profileQueryKeys.profile, profile),
  });
}

export function useChangeEmailMutation() {
  return useMutation({
    mutationKey: ['profile', 'email-change'],
    mutationFn: (newEmail: string) =>
      apiRequest('/api/profile/email-change', { method: 'POST', body: { newEmail }, schema: messageSchema }),
  });
}

export function useDeactivateAccountMutation() {
  return useMutation({
    mutationKey: ['profile', 'deactivate'],
    mutationFn: () => apiRequest('/api/profile/deactivate', { method: 'POST', schema: messageSchema }),
  });
}
