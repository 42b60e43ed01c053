import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type {
  ForgotPasswordInput,
  RequiredPasswordChangeInput,
  ResetPasswordInput,
  SignInInput,
} from '../../core/auth/auth.schemas';
import { sessionResponseSchema, sessionUserSchema } from '../../core/auth/session.schemas';
import { apiRequest } from '../lib/api-client';

export const sessionQueryKey = ['auth', 'session'] as const;

const messageSchema = z.object({ message: z.string() });
const userResponseSchema = z.object({ user: sessionUserSchema });

export const fetchSession = () => apiRequest('/api/auth/session', { schema: sessionResponseSchema });

export const signOutRequest = () => apiRequest('/api/auth/sign-out', { method: 'POST' });

export function useSignInMutation() {
  return useMutation({
    mutationKey: ['auth', 'sign-in'],
    mutationFn: (input: SignInInput) =>
      apiRequest('/api/auth/sign-in', { method: 'POST', body: input, schema: userResponseSchema }),
  });
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationKey: ['auth', 'forgot-password'],
    mutationFn: (input: ForgotPasswordInput) =>
      apiRequest('/api/auth/forgot-password', { method: 'POST', body: input, schema: messageSchema }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationKey: ['auth', 'reset-password'],
    mutationFn: (input: ResetPasswordInput) =>
      apiRequest('/api/auth/reset-password', { method: 'POST', body: input, schema: messageSchema }),
  });
}

export function useRequiredPasswordChangeMutation() {
  return useMutation({
    mutationKey: ['auth', 'required-password-change'],
    mutationFn: (input: RequiredPasswordChangeInput) =>
      apiRequest('/api/auth/required-password-change', { method: 'POST', body: input, schema: userResponseSchema }),
  });
}

export function useConfirmEmailChangeMutation() {
  return useMutation({
    mutationKey: ['auth', 'email-change-confirm'],
    mutationFn: (token: string) =>
      apiRequest('/api/auth/email-change/confirm', {
        method: 'POST',
        body: { token },
        schema: z.object({ email: z.string() }),
      }),
  });
}
