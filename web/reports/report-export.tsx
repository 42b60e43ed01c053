import { Trans, useLingui } from '@lingui/react/macro';
import { DownloadIcon, PrinterIcon, XIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { Button } from '../components/ui/button';
import { InlineSpinner } from '../components/ui/spinner';
import { useLanguage } from '../i18n/language-provider';
import { useFeature } from '../inventory/inventory-ui';
import { failureMessage } from '../lib/form-errors';
import { UpgradeBadge } from '../products/upgrade-badge';
import { downloadReportFile, saveBlob, type DownloadProgress } from './reports.api';

type Format = 'csv' | 'pdf';

/**
 * Print, CSV and PDF. A file is read as it streams in (a long CSV can take a while): the bytes and
 * rows read so far show with a Cancel, and the file is saved once whole. Without data_export the
 * downloads are locked beside the upgrade badge; a refusal shows beside the buttons.
 */
export function ReportExport({ urls, fileName, canPrint }: { urls: Record<Format, string> | null; fileName: string; canPrint: boolean }) {
  const { t } = useLingui();
  const { intlLocale } = useLanguage();
  const exportFeature = useFeature('data_export');
  const [running, setRunning] = useState<{ format: Format; progress: DownloadProgress } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const locked = exportFeature.isEnabled === false;

  const start = async (format: Format) => {
    if (!urls || running) return;
    const abort = new AbortController();
    controller.current = abort;
    setError(null);
    setRunning({ format, progress: { bytes: 0, lines: 0 } });
    try {
      const file = await downloadReportFile(urls[format], {
        signal: abort.signal,
        fallbackName: `${fileName}.${format}`,
        onProgress: (progress) => setRunning({ format, progress }),
      });
      saveBlob(file.blob, file.name);
    } catch (failure) {
      if (!abort.signal.aborted) setError(failureMessage(failure, t`The file could not be downloaded. Try again.`));
    } finally {
      controller.current = null;
      setRunning(null);
    }
  };

  const size = (bytes: number) => new Intl.NumberFormat(intlLocale, { style: 'unit', unit: bytes >= 1_048_576 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(bytes >= 1_048_576 ? bytes / 1_048_576 : bytes / 1024);
  const rows = (lines: number) => new Intl.NumberFormat(intlLocale).format(Math.max(0, lines - 1));

  return (
    <div className="grid justify-items-start gap-2 print:hidden">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={() => window.print()} disabled={!canPrint}>
          <PrinterIcon aria-hidden />
          <Trans>Print</Trans>
        </Button>
        {(['csv', 'pdf'] as const).map((format) => (
          <Button key={format} variant="outline" disabled={locked || !urls || running !== null} onClick={() => void start(format)}>
            {running?.format === format ? <InlineSpinner /> : <DownloadIcon aria-hidden />}
            {format === 'csv' ? <Trans>Download CSV</Trans> : <Trans>Download PDF</Trans>}
          </Button>
        ))}
        {locked && <UpgradeBadge badge={exportFeature.badge} message={upgradeMessage('data_export')} />}
      </div>
      {running && (
        <div role="status" className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>
            {running.format === 'csv' && running.progress.lines > 1 ? (
              <Trans>
                Downloading… {size(running.progress.bytes)}, {rows(running.progress.lines)} rows
              </Trans>
            ) : (
              <Trans>Downloading… {size(running.progress.bytes)}</Trans>
            )}
          </span>
          <Button variant="ghost" size="sm" onClick={() => controller.current?.abort()}>
            <XIcon aria-hidden />
            <Trans>Cancel download</Trans>
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
