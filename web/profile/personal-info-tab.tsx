import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../core/i18n/locale.rules';
import { updateProfileSchema, type ProfileView } from '../../core/profile/profile.schemas';
import { useAuth } from '../auth/auth-provider';
import { roleLabel } from '../auth/role-label';
import { fieldControlProps, FormField } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { useLanguage } from '../i18n/language-provider';
import { errorMessageOf, shouldReportFailure } from './profile-errors';
import { profileQueryKeys, useUpdateProfileMutation } from './profile.api';

// Spec §4 "Profile save": update, pause 300 ms, then reload the profile and the user info.
export const PROFILE_RELOAD_PAUSE_MS = 300;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** onChangeEmail opens the Security tab's Change Email form (the address changes there, by a confirmed link). */
export function PersonalInfoTab({ profile, onChangeEmail }: { profile: ProfileView; onChangeEmail: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { refreshSession } = useAuth();
  const { locale, changeLanguage } = useLanguage();
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
      toast.success(t`Profile updated successfully`);
      // Show the saved (trimmed) name, unless the person has already typed something new.
      setFullName((current) => (current === fullName ? fullName.trim() : current));
    } catch (error) {
      if (shouldReportFailure(error)) {
        const reason = errorMessageOf(error) ?? t`Unknown error`;
        toast.error(t`Failed to update profile: ${reason}`);
      }
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={save} className="grid gap-5" aria-label={t`Personal information`}>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="profile-full-name" label={t`Full Name`} error={nameError}>
          <Input
            {...fieldControlProps('profile-full-name', { error: nameError })}
            autoComplete="name"
            placeholder={t`Your full name`}
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
          />
        </FormField>
        <FormField
          id="profile-email"
          label={t`Email`}
          hint={
            <>
              <Trans>Email cannot be changed. Contact your administrator if needed.</Trans>{' '}
              <button type="button" onClick={onChangeEmail} className="font-medium text-primary underline underline-offset-4">
                <Trans>Change it in Security</Trans>
              </button>
            </>
          }
        >
          <Input {...fieldControlProps('profile-email', { hint: true })} readOnly value={profile.email} />
        </FormField>
        <FormField id="profile-role" label={t`Role`} hint={t`Role is managed by your administrator`}>
          <Input {...fieldControlProps('profile-role', { hint: true })} readOnly value={roleLabel(profile.role)} />
        </FormField>
        {profile.tenantId && (
          <FormField id="profile-organization" label={t`Organization`}>
            <Input id="profile-organization" readOnly value={profile.tenantName ?? ''} />
          </FormField>
        )}
        <FormField id="profile-language" label={t`Language`} hint={t`Changes at once; no need to save.`}>
          <NativeSelect
            {...fieldControlProps('profile-language', { hint: true })}
            value={locale}
            onChange={(event) => {
              const chosen = event.target.value;
              if (!isLocale(chosen) || chosen === locale) return;
              changeLanguage(chosen).catch(() => toast.error(t`Saving your language failed. It applies on this device only.`));
            }}
          >
            {/* Each language in its own words, as in the user menu. */}
            {LOCALES.map((option) => (
              <option key={option} value={option} lang={option}>
                {LOCALE_NAMES[option]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSaving} className="w-full sm:w-auto">
          {isSaving && <InlineSpinner />}
          {isSaving ? t`Saving…` : t`Save Changes`}
        </Button>
      </div>
    </form>
  );
}
