import { useQuery } from '@tanstack/react-query';
import { signupOptionsSchema } from '../../core/tenancy/signup-options.schemas';
import { apiRequest } from '../lib/api-client';

/** Whether this host opens shops, and how (GET /api/signup/options): the sign-in page's link and the sign-up page. */
export const useSignupOptions = () =>
  useQuery({ queryKey: ['signup', 'options'], queryFn: () => apiRequest('/api/signup/options', { schema: signupOptionsSchema }), staleTime: 5 * 60_000 });
