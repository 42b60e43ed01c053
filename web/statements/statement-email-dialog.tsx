import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LOCALE_NAMES, LOCALES } from '../../core/i18n/locale.rules';
import { statementEmailFormSchema, type Statement } from '../../core/statements/statement.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { toast } from '../lib/toast';
import { sendStatementEmail } from './statements.api';

type FormInput = z.input<typeof statementEmailFormSchema>;
type FormOutput = z.output<typeof statementEmailFormSchema>;

/** "Send by e-mail": the statement's PDF to the contact's address (prefilled) or another one, into the mail queue. */
export function StatementEmailDialog({ statement, open, onClose }: { statement: Statement; open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(statementEmailFormSchema),
    defaultValues: { email: statement.contact.email ?? '', language: '' },
  });
  const send = useMutation({
    mutationKey: ['statements', 'email'],
    mutationFn: (values: FormOutput) =>
      sendStatementEmail(statement.contact.id, { side: statement.side, from: statement.from, to: statement.to, email: values.email, language: values.language }),
    onSuccess: (result) => {
      const address = result.sentTo;
      toast.success(t`Statement sent to ${address}`);
      onClose();
    },
    onError: (error) => {
      const message = isApiError(error) ? error.fieldMessage('email') : undefined;
      if (message) form.setError('email', { message });
      toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`The statement was not sent.` });
    },
  });
  const errors = form.formState.errors;
  const [emailError, languageError] = [errors.email?.message, errors.language?.message];
  const name = statement.contact.name;
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <form onSubmit={form.handleSubmit((values) => send.mutate(values))} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              <Trans>Send the statement by e-mail</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>{name} receives this statement as a PDF attached to an e-mail.</Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="statement-email" label={t`E-mail address`} error={emailError}>
            <Input {...fieldControlProps('statement-email', { error: emailError })} type="email" inputMode="email" autoComplete="off" {...form.register('email')} />
          </FormField>
          <FormField id="statement-language" label={t`Language`} error={languageError} hint={t`By default, the recipient's own language if they have an account here, else the shop's.`}>
            <NativeSelect {...fieldControlProps('statement-language', { error: languageError, hint: true })} {...form.register('language')}>
              <option value="">{t`The recipient's language`}</option>
              {LOCALES.map((locale) => (
                <option key={locale} value={locale} lang={locale}>
                  {LOCALE_NAMES[locale]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending && <InlineSpinner />}
              <Trans>Send</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
