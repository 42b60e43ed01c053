import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { PERIOD_PRESET_LABELS, PERIOD_PRESETS, presetPeriod, withPeriodEnd, type PeriodPreset } from '../../core/reports/report-periods';
import { FormField, fieldControlProps } from './form-field';
import { Input } from './ui/input';
import { NativeSelect } from './ui/native-select';
import { translateMessage } from '../i18n/translate-message';

// The period of the dashboard and the reports (issue 18): a preset (today, yesterday, this week,
// this month, last month, this year) or custom days, with the API's messages beside the days. A
// shared component, so its words are in the catalog every page loads.
//
//   <PeriodPicker idPrefix="dashboard-period" value={period} today={todayIn(timeZone)} onChange={setPeriod} />
//
// `today` is the shop's day (never the device's); a preset's days are worked out as of it
// (core/reports/report-periods.ts); custom starts from the days on screen, and moving one end past
// the other moves both.

export interface PeriodChoice {
  preset: PeriodPreset;
  from: string;
  to: string;
}

export function PeriodPicker({
  idPrefix,
  value,
  today,
  onChange,
  errors = {},
}: {
  idPrefix: string;
  /** The preset and the days it stands for (a preset's days shown, the custom days editable). */
  value: PeriodChoice;
  /** The shop's day, for the presets' days. */
  today: string;
  onChange: (next: PeriodChoice) => void;
  errors?: { from?: string | undefined; to?: string | undefined };
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const choosePreset = (preset: PeriodPreset) => {
    // Custom starts from the days on screen, for the person to move.
    onChange({ preset, ...(presetPeriod(preset, today) ?? { from: value.from, to: value.to }) });
  };
  return (
    <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-start">
      <div className="sm:w-44">
        <FormField id={`${idPrefix}-preset`} label={t`Period`}>
          <NativeSelect id={`${idPrefix}-preset`} value={value.preset} onChange={(event) => choosePreset(event.target.value as PeriodPreset)}>
            {PERIOD_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {translateMessage(PERIOD_PRESET_LABELS[preset], i18n)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {value.preset === 'custom' && (
        <>
          <div className="sm:w-40">
            <FormField id={`${idPrefix}-from`} label={t`From`} error={errors.from}>
              <Input {...fieldControlProps(`${idPrefix}-from`, { error: errors.from })} type="date" value={value.from} onChange={(event) => onChange(withPeriodEnd(value, 'from', event.target.value))} />
            </FormField>
          </div>
          <div className="sm:w-40">
            <FormField id={`${idPrefix}-to`} label={t`To`} error={errors.to}>
              <Input {...fieldControlProps(`${idPrefix}-to`, { error: errors.to })} type="date" value={value.to} onChange={(event) => onChange(withPeriodEnd(value, 'to', event.target.value))} />
            </FormField>
          </div>
        </>
      )}
    </div>
  );
}
