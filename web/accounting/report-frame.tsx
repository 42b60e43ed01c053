import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { DownloadIcon, PrinterIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { LoadError, TableSkeleton } from '../inventory/inventory-ui';
import { cn } from '../lib/cn';

// What every report on screen has: its document (title, period, figures) that prints alone on A4,
// and Print, CSV and PDF beside it. CSV and PDF are the report's own address with ?format=, as
// links: the browser downloads them, the page fetches nothing.

const REPORT_ELEMENT_ID = 'accounting-report';

// Printed through the browser's dialog: the rest of the app is hidden, tables print whole.
const PRINT_CSS = `
@page { size: A4; margin: 15mm; }
@media print {
  body * { visibility: hidden; }
  #${REPORT_ELEMENT_ID}, #${REPORT_ELEMENT_ID} * { visibility: visible; }
  #${REPORT_ELEMENT_ID} { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; padding: 0; color: #000; background: #fff; }
  #${REPORT_ELEMENT_ID} [data-slot="table-container"] { overflow: visible; contain: none; }
  #${REPORT_ELEMENT_ID} a { color: inherit; text-decoration: none; }
}
`;

/** Print, and the report's CSV and PDF downloads (off while its choices do not read: `downloads` null). */
export function ReportActions({ downloads }: { downloads: { csv: string; pdf: string } | null }) {
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <Button variant="outline" onClick={() => window.print()} disabled={!downloads}>
        <PrinterIcon aria-hidden />
        <Trans>Print</Trans>
      </Button>
      <DownloadLink href={downloads?.csv ?? null}>
        <Trans>Download CSV</Trans>
      </DownloadLink>
      <DownloadLink href={downloads?.pdf ?? null}>
        <Trans>Download PDF</Trans>
      </DownloadLink>
    </div>
  );
}

function DownloadLink({ href, children }: { href: string | null; children: ReactNode }) {
  if (!href) {
    return (
      <Button variant="outline" disabled>
        <DownloadIcon aria-hidden />
        {children}
      </Button>
    );
  }
  return (
    <Button variant="outline" asChild>
      <a href={href} download>
        <DownloadIcon aria-hidden />
        {children}
      </a>
    </Button>
  );
}

/**
 * A report's figures in their states: grey rows while they load, the load error, else the
 * document (its title and period above `children`), the part that prints.
 */
export function ReportDocument<Data>({
  query,
  what,
  title,
  subtitle,
  children,
}: {
  query: UseQueryResult<Data>;
  what: string;
  title: string;
  subtitle: (data: Data) => ReactNode;
  children: (data: Data) => ReactNode;
}) {
  const { t } = useLingui();
  if (query.isPending) return <TableSkeleton columns={4} rows={8} label={t`Loading ${what}`} />;
  if (query.isError) return <LoadError error={query.error} what={what} onRetry={() => void query.refetch()} />;
  return (
    <section
      id={REPORT_ELEMENT_ID}
      aria-labelledby={`${REPORT_ELEMENT_ID}-title`}
      aria-busy={query.isPlaceholderData || undefined}
      className={cn('grid min-w-0 gap-3 rounded-xl border bg-card p-4 transition-opacity sm:p-6', query.isPlaceholderData && 'opacity-70')}
    >
      <style>{PRINT_CSS}</style>
      <header className="grid gap-1">
        <h3 id={`${REPORT_ELEMENT_ID}-title`} className="text-lg font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{subtitle(query.data)}</p>
      </header>
      {children(query.data)}
    </section>
  );
}
