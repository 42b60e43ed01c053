import { useLingui } from '@lingui/react/macro';

/** A labelled progress bar: the upload's share sent, then "checking" while the server works. */
export function ImportProgress({ label, fraction }: { label: string; fraction: number }) {
  const { t } = useLingui();
  const percent = Math.round(fraction * 100);
  const isWaiting = percent >= 100;
  return (
    <div className="grid gap-2" aria-live="polite">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span>{isWaiting ? t`${label}: the server is checking the rows…` : t`${label}: uploading…`}</span>
        <span className="text-muted-foreground tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className={isWaiting ? 'h-full w-full animate-pulse bg-primary/60' : 'h-full bg-primary transition-[width]'} style={isWaiting ? undefined : { width: `${percent}%` }} />
      </div>
    </div>
  );
}
