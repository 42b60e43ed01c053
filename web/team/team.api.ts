import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { sessionUserSchema } from '../../core/auth/session.schemas';
import {
  createdInvitationSchema,
  customRoleSchema,
  invitationPreviewSchema,
  invitationSchema,
  memberPageSchema,
  memberSchema,
  temporaryPasswordSchema,
  type AcceptInvitationInput,
  type InvitationInput,
  type JoinInvitationInput,
  type MemberQuery,
  type MemberUpdate,
  type RoleInput,
} from '../../core/team/team.schemas';
import { apiRequest } from '../lib/api-client';

// The team's API (server/team/team.routes.ts).

const TEAM = ['team'] as const;

export function useMembers(query: MemberQuery) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(name, String(value));
  return useQuery({
    queryKey: [...TEAM, 'members', query],
    queryFn: () => apiRequest(`/api/team/members?${search.toString()}`, { schema: memberPageSchema }),
    placeholderData: keepPreviousData,
  });
}

export const useInvitations = () => useQuery({ queryKey: [...TEAM, 'invitations'], queryFn: () => apiRequest('/api/team/invitations', { schema: z.array(invitationSchema) }) });
export const useRoles = () => useQuery({ queryKey: [...TEAM, 'roles'], queryFn: () => apiRequest('/api/team/roles', { schema: z.array(customRoleSchema) }) });

/** A change to the team: every team list is read again once it is done. */
function useTeamMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: TEAM }) });
}

export const useInvite = () =>
  useTeamMutation((input: InvitationInput) => apiRequest('/api/team/invitations', { method: 'POST', body: input, schema: createdInvitationSchema }));
export const useInvitationAction = () =>
  useTeamMutation(({ id, action }: { id: string; action: 'resend' | 'revoke' }) => apiRequest(`/api/team/invitations/${id}/${action}`, { method: 'POST', schema: invitationSchema }));
export const useUpdateMember = () =>
  useTeamMutation(({ id, input }: { id: string; input: MemberUpdate }) => apiRequest(`/api/team/members/${id}`, { method: 'PATCH', body: input, schema: memberSchema }));
export const useMemberActive = () =>
  useTeamMutation(({ id, active }: { id: string; active: boolean }) =>
    apiRequest(`/api/team/members/${id}/${active ? 'reactivate' : 'deactivate'}`, { method: 'POST', schema: memberSchema }),
  );
export const useResetPassword = () => useTeamMutation((id: string) => apiRequest(`/api/team/members/${id}/reset-password`, { method: 'POST', schema: temporaryPasswordSchema }));
export const useSaveRole = () =>
  useTeamMutation(({ id, input }: { id: string | null; input: RoleInput }) =>
    apiRequest(id ? `/api/team/roles/${id}` : '/api/team/roles', { method: id ? 'PUT' : 'POST', body: input, schema: customRoleSchema }),
  );
export const useDeleteRole = () => useTeamMutation((id: string) => apiRequest(`/api/team/roles/${id}`, { method: 'DELETE' }));

export const useInvitationPreview = (token: string) =>
  useQuery({ queryKey: [...TEAM, 'invitation', token], queryFn: () => apiRequest(`/api/team/invitation?token=${encodeURIComponent(token)}`, { schema: invitationPreviewSchema }), retry: false });
export const useAcceptInvitation = () =>
  useMutation({ mutationFn: (input: AcceptInvitationInput) => apiRequest('/api/team/invitation/accept', { method: 'POST', body: input, schema: z.object({ user: sessionUserSchema }) }) });
/** Accepting with the password of the Dukani account the address has. */
export const useJoinInvitation = () =>
  useMutation({ mutationFn: (input: JoinInvitationInput) => apiRequest('/api/team/invitation/join', { method: 'POST', body: input, schema: z.object({ user: sessionUserSchema }) }) });
