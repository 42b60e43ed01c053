import { Trans, useLingui } from '@lingui/react/macro';
import { XIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { failureMessage } from '../lib/form-errors';
import { formatBytes } from '../lib/format';
import { downloadReportFile, saveBlob } from '../reports/reports.api';
import { Button } from './ui/button';

// A whole shop's export archive (docs/platform.md "Per-shop export"), downloaded by its owner from
// Settings or by a platform admin from the shop's console page: the download and what it shows.

/**
 * Downloads an archive as it streams in: `bytes` is null until the first bytes arrive (the server
 * is reading the first tables), then counts what has arrived; the file is saved once whole.
 */
export function useArchiveDownload(url: string, fallbackName: string) {
  const [bytes, setBytes] = useState<number | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async () => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setFailure(null);
    setBytes(null);
    setIsRunning(true);
    try {
      const file = await downloadReportFile(url, { signal: abort.signal, fallbackName, onProgress: (progress) => setBytes(progress.bytes) });
      saveBlob(file.blob, file.name);
    } catch (error) {
      if (!abort.signal.aborted) setFailure(error);
    } finally {
      controller.current = null;
      setIsRunning(false);
    }
  };
  return { start, cancel: () => controller.current?.abort(), isRunning, bytes, failure };
}

/** While the archive downloads: how far it has come and a Cancel; then why it failed, if it did. */
export function ArchiveDownloadStatus({ archive }: { archive: ReturnType<typeof useArchiveDownload> }) {
  const { t } = useLingui();
  return (
    <>
      {archive.isRunning && (
        <div role="status" className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {archive.bytes === null ? <Trans>Reading the shop's data…</Trans> : <Trans>Downloading… {formatBytes(archive.bytes)}</Trans>}
          <Button variant="ghost" size="sm" onClick={archive.cancel}>
            <XIcon aria-hidden />
            <Trans>Cancel download</Trans>
          </Button>
        </div>
      )}
      {archive.failure !== null && (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(archive.failure, t`The archive could not be downloaded. Try again.`)}
        </p>
      )}
    </>
  );
}
