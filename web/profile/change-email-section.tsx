import { Trans, useLingui } from '@lingui/react/macro';
import { AtSignIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import { changeEmailSchema, checkEmailChange } from '../../core/profile/profile.schemas';
import { FormField } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { errorMessageOf, shouldReportFailure } from './profile-errors';
import { useChangeEmailMutation } from './profile.api';
import { ProfileSection } from './profile-section';

/** Spec §4: a toggle form; closes and clears on success. The change completes from the new inbox. */
export function ChangeEmailSection({ currentEmail, startOpen }: { currentEmail: string; startOpen: boolean }) {
  const { t } = useLingui();
  const change = useChangeEmailMutation();
  const [isOpen, setIsOpen] = useState(startOpen);
  const [newEmail, setNewEmail] = useState('');

  const close = () => {
    setIsOpen(false);
    setNewEmail('');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkEmailChange(newEmail, currentEmail);
    if (problem) {
      toast.error(translateMessage(problem));
      return;
    }
    const parsed = changeEmailSchema.safeParse({ newEmail });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      toast.error(issue ? translateMessage(issue) : t`Enter a valid e-mail address`);
      return;
    }
    change.mutate(parsed.data.newEmail, {
      onSuccess: () => {
        toast.success(t`Email update initiated. Please check your new email for verification.`);
        close();
      },
      onError: (error) => {
        if (shouldReportFailure(error)) toast.error(t`Failed to update email`, { description: errorMessageOf(error) });
      },
    });
  };

  return (
    <ProfileSection
      title={t`Change Email`}
      icon={<AtSignIcon aria-hidden className="size-4 text-muted-foreground" />}
      description={t`We send a confirmation link to the new address; the change happens when you open it.`}
    >
      {!isOpen && (
        <div>
          <Button variant="outline" onClick={() => setIsOpen(true)}>
            <Trans>Change Email</Trans>
          </Button>
        </div>
      )}
      {isOpen && (
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t`Change email`}>
          <FormField id="new-email" label={t`New Email`}>
            <Input
              id="new-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="new@example.com"
              value={newEmail}
              onChange={(event) => setNewEmail(event.target.value)}
              className="sm:max-w-sm"
              autoFocus
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={change.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <InlineSpinner />}
              {change.isPending ? t`Sending…` : t`Update Email`}
            </Button>
          </div>
        </form>
      )}
    </ProfileSection>
  );
}
