import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { reportSettingsInputSchema, type ReportSettings } from '../../core/reports/reports.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { InlineSpinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { Input } from '../components/ui/input';
import { LoadError } from '../inventory/inventory-ui';
import { calendarDay } from './report-format';
import { failureMessage, type FieldErrors } from '../lib/form-errors';
import { sendIfValid, serverFieldErrors } from '../lib/form-submit';
import { toast } from '../lib/toast';
import { useLanguage } from '../i18n/language-provider';
import { saveReportSettingsRequest, useReportSettings } from './reports.api';

/** The owners' daily summary e-mail: on or off, and the closing time it is sent at (the shop's time). */
export function DailySummaryPanel() {
  const { t } = useLingui();
  const settings = useReportSettings({ enabled: true });
  return (
    <section aria-labelledby="daily-summary-title" className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4 print:hidden">
      <div className="grid gap-1">
        <h2 id="daily-summary-title" className="font-semibold">
          <Trans>Daily summary e-mail</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>The day’s sales, profit and problems, e-mailed to the owners at closing time.</Trans>
        </p>
      </div>
      {settings.isPending ? (
        <p className="text-sm text-muted-foreground">{t`Loading…`}</p>
      ) : settings.isError ? (
        <LoadError error={settings.error} what={t`the daily summary settings`} onRetry={() => void settings.refetch()} />
      ) : (
        <SummaryForm key={`${settings.data.dailySummaryEnabled}-${settings.data.closingTime}`} settings={settings.data} />
      )}
    </section>
  );
}

function SummaryForm({ settings }: { settings: ReportSettings }) {
  const { t } = useLingui();
  const { intlLocale } = useLanguage();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(settings.dailySummaryEnabled);
  const [closingTime, setClosingTime] = useState(settings.closingTime);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationKey: ['reports', 'settings'],
    mutationFn: (body: { dailySummaryEnabled: boolean; closingTime: string }) => saveReportSettingsRequest(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(['reports', 'settings'], saved);
      toast.success(t`Daily summary settings saved`);
    },
    onError: (failure) => {
      const fromServer = serverFieldErrors(failure, ['closingTime']);
      if (fromServer?.closingTime) setErrors(fromServer);
      else setErrors({ form: failureMessage(failure, t`The settings were not saved. Try again.`) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendIfValid(reportSettingsInputSchema, { dailySummaryEnabled: enabled, closingTime }, setErrors, save.mutate);
  };
  const lastDay = settings.lastSummaryDay ? calendarDay(settings.lastSummaryDay, intlLocale) : null;
  return (
    <form noValidate className="grid gap-3" onSubmit={submit}>
      <div className="flex items-center gap-2">
        <Switch id="daily-summary-enabled" checked={enabled} onCheckedChange={setEnabled} />
        <Label htmlFor="daily-summary-enabled">
          <Trans>Send the daily summary</Trans>
        </Label>
      </div>
      <div className="sm:w-40">
        <FormField id="daily-summary-closingTime" label={t`Closing time`} error={errors.closingTime}>
          <Input {...fieldControlProps('daily-summary-closingTime', { error: errors.closingTime })} type="time" value={closingTime} onChange={(event) => setClosingTime(event.target.value)} />
        </FormField>
      </div>
      {lastDay && (
        <p className="text-xs text-muted-foreground">
          <Trans>Last sent for {lastDay}.</Trans>
        </p>
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <InlineSpinner />}
          <Trans>Save settings</Trans>
        </Button>
      </div>
    </form>
  );
}
