import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { updateProfileSchema, type ProfileView } from '../../core/profile/profile.schemas';
import { useAuth } from '../auth/auth-provider';
import { roleLabel } from '../auth/role-label';
import { fieldControlProps, FormField } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { errorMessageOf, shouldReportFailure } from './profile-errors';
import { profileQueryKeys, useUpdateProfileMutation } from './profile.api';

// Spec §4 "Profile save": update, pause 300 ms, then reload the profile and the user info.
export const PROFILE_RELOAD_PAUSE_MS = 300;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** onChangeEmail opens the Security tab's Change Email form (the address changes there, by a confirmed link). */
export function PersonalInfoTab({ profile, onChangeEmail }: { profile: ProfileView; onChangeEmail: () => void }) {
  const queryClient = useQueryClient();
  const { refreshSession } = useAuth();
  const update = useUpdateProfileMutation();
  const [fullName, setFullName] = useState(profile.fullName ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const [isSaving, setIsSaving] = useState(false);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateProfileSchema.safeParse({ fullName });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    setIsSaving(true);
    try {
      await update.mutateAsync({ fullName });
      await pause(PROFILE_RELOAD_PAUSE_MS);
      await Promise.all([queryClient.invalidateQueries({ queryKey: profileQueryKeys.profile, exact: true }), refreshSession()]);
      toast.success('Profile updated successfully');
      // Show the saved (trimmed) name, unless the person has already typed something new.
      setFullName((current) => (current === fullName ? fullName.trim() : current));
    } catch (error) {
      if (shouldReportFailure(error)) toast.error(`Failed to update profile: ${errorMessageOf(error) ?? 'Unknown error'}`);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={save} className="grid gap-5" aria-label="Personal information">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="profile-full-name" label="Full Name" error={nameError}>
          <Input
            {...fieldControlProps('profile-full-name', { error: nameError })}
            autoComplete="name"
            placeholder="Your full name"
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
          />
        </FormField>
        <FormField
          id="profile-email"
          label="Email"
          hint={
            <>
              Email cannot be changed. Contact your administrator if needed.{' '}
              <button type="button" onClick={onChangeEmail} className="font-medium text-primary underline underline-offset-4">
                Change it in Security
              </button>
            </>
          }
        >
          <Input {...fieldControlProps('profile-email', { hint: true })} readOnly value={profile.email} />
        </FormField>
        <FormField id="profile-role" label="Role" hint="Role is managed by your administrator">
          <Input {...fieldControlProps('profile-role', { hint: true })} readOnly value={roleLabel(profile.role)} />
        </FormField>
        {profile.tenantId && (
          <FormField id="profile-organization" label="Organization">
            <Input id="profile-organization" readOnly value={profile.tenantName ?? ''} />
          </FormField>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSaving} className="w-full sm:w-auto">
          {isSaving && <InlineSpinner />}
          {isSaving ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
