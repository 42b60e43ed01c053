import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accountingSettingsInputSchema, LOCK_POLICIES, LOCK_POLICY_LABELS, type AccountingSettings } from '../../core/accounting/accounting.schemas';
import { CONFIGURABLE_TENDERS } from '../../core/accounting/chart';
import { TENDER_LABELS } from '../../core/sales/sales.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { DetailSkeleton, LoadError, PageHeader, RoleRefusal } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage, type FieldErrors } from '../lib/form-errors';
import { sendIfValid, serverFieldErrors } from '../lib/form-submit';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { saveAccountingSettingsRequest, useAccountingSettings, useRefreshAccounting } from './accounting.api';
import { AccountSelect, useCanWriteBooks } from './accounting-ui';

const tenderField = (tender: string) => `tenderAccounts.${tender}`;
const FIELDS = ['lockDate', 'lockPolicy', 'valueLoyaltyPoints', ...CONFIGURABLE_TENDERS.map(tenderField)];

/** /admin/accounting/settings (admins): the lock date and what happens to older documents, the tenders' accounts, loyalty points' value. */
export function AccountingSettingsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Accounting settings`);
  const canWrite = useCanWriteBooks();
  const settings = useAccountingSettings();
  if (!canWrite) return <RoleRefusal what={t`the accounting settings`} />;
  if (settings.isPending) return <DetailSkeleton label={t`Loading the accounting settings`} />;
  if (settings.isError) return <LoadError error={settings.error} what={t`the accounting settings`} onRetry={() => void settings.refetch()} />;
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: AccountingSettings }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { formatDateTime } = useDateFormat();
  const refresh = useRefreshAccounting();
  const [values, setValues] = useState({
    lockDate: settings.lockDate ?? '',
    lockPolicy: settings.lockPolicy,
    tenderAccounts: settings.tenderAccounts,
    valueLoyaltyPoints: settings.valueLoyaltyPoints,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationKey: ['accounting', 'settings'],
    mutationFn: (body: unknown) => saveAccountingSettingsRequest(body),
    onSuccess: async (saved) => {
      await refresh();
      setValues({ lockDate: saved.lockDate ?? '', lockPolicy: saved.lockPolicy, tenderAccounts: saved.tenderAccounts, valueLoyaltyPoints: saved.valueLoyaltyPoints });
      toast.success(t`Accounting settings saved`);
    },
    onError: (failure) => {
      const fromServer = serverFieldErrors(failure, FIELDS);
      if (fromServer) setErrors(fromServer);
      toast.error(t`The settings were not saved`, { description: failureMessage(failure, t`Try again.`) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendIfValid(accountingSettingsInputSchema, { ...values, lockDate: values.lockDate || null }, setErrors, save.mutate);
  };
  const historyPostedAt = settings.historyPostedAt ? formatDateTime(settings.historyPostedAt) : null;
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title={t`Settings`} description={t`How the books treat old dates, and where each way of paying is kept.`} />
      <form aria-label={t`Accounting settings`} onSubmit={submit} noValidate className="grid max-w-3xl min-w-0 gap-6 rounded-xl border bg-card p-4 sm:p-6">
        <fieldset className="grid gap-4">
          <legend className="mb-2 font-semibold">
            <Trans>Lock date</Trans>
          </legend>
          <p className="text-sm text-muted-foreground">
            <Trans>Once the books of a period are closed (after the VAT return or the accountant's review), lock them: nothing can then be posted on or before that day.</Trans>
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <div className="w-48">
              <FormField id="settings-lockDate" label={t`Locked up to`} error={errors.lockDate}>
                <Input {...fieldControlProps('settings-lockDate', { error: errors.lockDate })} type="date" value={values.lockDate} onChange={(event) => setValues((current) => ({ ...current, lockDate: event.target.value }))} />
              </FormField>
            </div>
            {values.lockDate && (
              <Button type="button" variant="ghost" onClick={() => setValues((current) => ({ ...current, lockDate: '' }))}>
                <Trans>No lock date</Trans>
              </Button>
            )}
          </div>
          <fieldset className="grid gap-2" aria-describedby={errors.lockPolicy ? 'settings-lockPolicy-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">
              <Trans>Older documents</Trans>
            </legend>
            {LOCK_POLICIES.map((policy) => (
              <div key={policy} className="flex items-center gap-2">
                <input
                  id={`settings-lockPolicy-${policy}`}
                  type="radio"
                  name="lockPolicy"
                  className="size-4 accent-primary"
                  checked={values.lockPolicy === policy}
                  onChange={() => setValues((current) => ({ ...current, lockPolicy: policy }))}
                />
                <Label htmlFor={`settings-lockPolicy-${policy}`}>{translateMessage(LOCK_POLICY_LABELS[policy], i18n)}</Label>
              </div>
            ))}
            {errors.lockPolicy && (
              <p id="settings-lockPolicy-error" className="text-sm text-destructive">
                {translateMessage(errors.lockPolicy, i18n)}
              </p>
            )}
          </fieldset>
        </fieldset>
        <fieldset className="grid gap-4">
          <legend className="mb-2 font-semibold">
            <Trans>Where payments are kept</Trans>
          </legend>
          <p className="text-sm text-muted-foreground">
            <Trans>The asset account each way of paying posts to: an M-Pesa till that sweeps to the bank can post straight to the bank.</Trans>
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            {CONFIGURABLE_TENDERS.map((tender) => {
              const id = `settings-tender-${tender}`;
              const error = errors[tenderField(tender)];
              return (
                <FormField key={tender} id={id} label={translateMessage(TENDER_LABELS[tender], i18n)} error={error}>
                  <AccountSelect
                    {...fieldControlProps(id, { error })}
                    types={['asset']}
                    value={values.tenderAccounts[tender]}
                    onChange={(event) => setValues((current) => ({ ...current, tenderAccounts: { ...current.tenderAccounts, [tender]: event.target.value } }))}
                    emptyLabel={t`Choose an account`}
                  />
                </FormField>
              );
            })}
          </div>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-semibold">
            <Trans>Loyalty points</Trans>
          </legend>
          <div className="flex items-center gap-2">
            <Checkbox id="settings-valueLoyaltyPoints" checked={values.valueLoyaltyPoints} onCheckedChange={(checked) => setValues((current) => ({ ...current, valueLoyaltyPoints: checked === true }))} />
            <Label htmlFor="settings-valueLoyaltyPoints">
              <Trans>Count the points customers hold as money the shop owes them</Trans>
            </Label>
          </div>
          <p className="text-sm text-muted-foreground">
            <Trans>Points earned then cost the shop at once (a liability); points redeemed pay it off.</Trans>
          </p>
        </fieldset>
        {historyPostedAt && (
          <p className="text-sm text-muted-foreground">
            <Trans>Documents from before the books were opened were posted on {historyPostedAt}.</Trans>
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <InlineSpinner />}
            <Trans>Save settings</Trans>
          </Button>
        </div>
      </form>
    </div>
  );
}
