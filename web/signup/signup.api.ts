import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import {
  handoffResultSchema,
  signupResultSchema,
  subdomainAvailabilitySchema,
  type SignupInput,
} from '../../core/tenancy/signup.schemas';
import { apiRequest } from '../lib/api-client';

// Sign-up's API (server/tenancy/signup.routes.ts).

/** The server's word on a well-formed address (null asks nothing); the last answer stays while the next is asked. */
export const useSubdomainAvailability = (subdomain: string | null) =>
  useQuery({
    queryKey: ['signup', 'subdomain', subdomain],
    queryFn: ({ signal }) =>
      apiRequest(`/api/signup/subdomain-availability?subdomain=${encodeURIComponent(subdomain ?? '')}`, { schema: subdomainAvailabilitySchema, signal }),
    enabled: subdomain !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The form's one request key: a retry of the same sign-up (a lost answer) gets the same shop. */
export const useSignup = () =>
  useMutation({
    retry: false,
    mutationFn: ({ input, requestKey }: { input: SignupInput; requestKey: string }) =>
      apiRequest('/api/signup', { method: 'POST', body: input, headers: { [IDEMPOTENCY_KEY_HEADER]: requestKey }, schema: signupResultSchema }),
  });

export const useHandoff = () =>
  useMutation({
    retry: false,
    mutationFn: (token: string) => apiRequest('/api/signup/handoff', { method: 'POST', body: { token }, schema: handoffResultSchema }),
  });
