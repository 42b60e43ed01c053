import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { AlertTriangleIcon, ArchiveIcon, DatabaseIcon, GitBranchIcon, HardDriveIcon, SnailIcon, StoreIcon, TableIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TENANT_ROW_SORTS, type DatabaseOverview, type DatabaseTable, type TenantRowsPage } from '../../core/platform/system.schemas';
import { SortButton } from '../components/sort-button';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { PagedTable } from '../inventory/data-table';
import { DetailSkeleton, EmptyState, LoadError, useAddressParams } from '../inventory/inventory-ui';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { useDateFormat } from '../lib/date-format';
import { formatBytes, formatNumber } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Figure, useSortedRows } from './console-parts';
import { useDatabaseOverview, useTenantRows } from './system.api';

// Configuration and SQL to copy, not prose.
const ENABLE_PG_STAT_STATEMENTS = "shared_preload_libraries = 'pg_stat_statements'   # postgresql.conf, then restart\nCREATE EXTENSION IF NOT EXISTS pg_stat_statements;  -- in the app's database, as a superuser";

type TableSort = keyof Pick<DatabaseTable, 'name' | 'totalBytes' | 'tableBytes' | 'indexBytes' | 'estimatedRows'>;
type TenantRowSort = (typeof TENANT_ROW_SORTS)[number];

/**
 * /superadmin/database (issue 21): the database's size, its largest tables, rows per shop, the
 * migrations applied against this release's, slow queries when pg_stat_statements is there, and
 * how to back the whole database up.
 */
export function DatabasePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Database`);
  const overview = useDatabaseOverview();
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Database</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Size, the largest tables, rows per shop, migrations, slow queries and backups.</Trans>
        </p>
      </div>
      {overview.isPending ? (
        <DetailSkeleton label={t`Loading the database overview`} />
      ) : overview.isError ? (
        <LoadError error={overview.error} what={t`the database overview`} onRetry={() => void overview.refetch()} />
      ) : (
        <DatabaseView overview={overview.data} rowsPerShop={<TenantRowsSection />} />
      )}
    </div>
  );
}

function DatabaseView({ overview, rowsPerShop }: { overview: DatabaseOverview; rowsPerShop: ReactNode }) {
  const { t } = useLingui();
  const applied = formatNumber(overview.migrations.appliedCount);
  const known = formatNumber(overview.migrations.known);
  const engine = overview.driver === 'pglite' ? t`PGlite (embedded)` : t`PostgreSQL`;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure icon={HardDriveIcon} title={t`Database size`} testId="database-size">
          {formatBytes(overview.sizeBytes)}
        </Figure>
        <Figure icon={TableIcon} title={t`Tables`} testId="table-count">
          {formatNumber(overview.tableCount)}
        </Figure>
        <Figure icon={DatabaseIcon} title={t`Engine`} testId="engine" note={overview.serverVersion}>
          {engine}
        </Figure>
        <Figure icon={GitBranchIcon} title={t`Migrations applied`} testId="migrations-count" note={overview.migrations.pending.length ? t`Some are pending` : t`Up to date with this release`}>
          <Trans>{applied} of {known}</Trans>
        </Figure>
      </div>
      <TablesSection tables={overview.tables} />
      {rowsPerShop}
      <MigrationsSection migrations={overview.migrations} />
      <SlowQueriesSection slowQueries={overview.slowQueries} />
      <BackupsSection backups={overview.backups} driver={overview.driver} />
    </>
  );
}

function TablesSection({ tables }: { tables: DatabaseTable[] }) {
  const { t } = useLingui();
  const { sorted, header } = useSortedRows<DatabaseTable, TableSort>(tables, 'totalBytes', 'pl-4');
  return (
    <section aria-labelledby="largest-tables" className="grid gap-3">
      <h2 id="largest-tables" className="flex items-center gap-2 font-semibold">
        <TableIcon aria-hidden className="size-4" />
        <Trans>Largest tables</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>Total size includes indexes and TOAST. Row counts are the planner's estimates (pg_class.reltuples), not exact counts; a dash means the table has not been analysed yet.</Trans>
      </p>
      <div className="rounded-xl border bg-card">
        <Table aria-label={t`Largest tables`} data-testid="tables-table">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {header('name', t`Table`, false)}
              {header('totalBytes', t`Total size`)}
              {header('tableBytes', t`Data`)}
              {header('indexBytes', t`Indexes and TOAST`)}
              {header('estimatedRows', t`Rows (estimate)`)}
            </TableRow>
          </TableHeader>
          <TableBody>
            {sorted.map((table) => (
              <TableRow key={table.name}>
                <TableCell className="pl-4 font-mono text-xs">{table.name}</TableCell>
                <TableCell className="text-right tabular-nums">{formatBytes(table.totalBytes)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatBytes(table.tableBytes)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatBytes(table.indexBytes)}</TableCell>
                <TableCell className="pr-4 text-right tabular-nums">{table.estimatedRows === null ? '—' : `~${formatNumber(table.estimatedRows)}`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

function TenantRowsSection() {
  const { t } = useLingui();
  const [params, change] = useAddressParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const sort: TenantRowSort = TENANT_ROW_SORTS.find((candidate) => candidate === params.get('sort')) ?? 'total';
  const rows = useTenantRows({ sort, page, pageSize: PAGE_SIZE });
  const sortHeader = (key: TenantRowSort, label: string) => () => (
    <span className="flex justify-end">
      <SortButton label={label} active={sort === key} direction={sort === key ? 'desc' : undefined} onSort={() => change({ sort: key === 'total' ? undefined : key })} />
    </span>
  );
  const count = (value: number) => formatNumber(value);
  const columns: Array<ColumnDef<TenantRowsPage['items'][number]>> = [
    {
      id: 'shop',
      header: t`Shop`,
      cell: ({ row }) => (
        <span className="grid">
          <span className="font-medium">{row.original.name}</span>
          <span className="text-xs text-muted-foreground">{row.original.subdomain}</span>
        </span>
      ),
    },
    { id: 'sales', header: sortHeader('sales', t`Sales`), cell: ({ row }) => count(row.original.sales), meta: { className: 'text-right tabular-nums' } },
    { id: 'products', header: sortHeader('products', t`Products`), cell: ({ row }) => count(row.original.products), meta: { className: 'text-right tabular-nums' } },
    { id: 'stockMovements', header: sortHeader('stockMovements', t`Stock movements`), cell: ({ row }) => count(row.original.stockMovements), meta: { className: 'text-right tabular-nums' } },
    { id: 'total', header: sortHeader('total', t`All three`), cell: ({ row }) => count(row.original.total), meta: { className: 'text-right tabular-nums' } },
  ];
  return (
    <section aria-labelledby="rows-per-shop" className="grid gap-3" data-testid="rows-per-shop">
      <h2 id="rows-per-shop" className="flex items-center gap-2 font-semibold">
        <StoreIcon aria-hidden className="size-4" />
        <Trans>Rows per shop</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>Exact counts of each shop's sales, products and stock movements, the biggest shops first.</Trans>
      </p>
      <PagedTable
        query={rows}
        columns={columns}
        label={t`Rows per shop`}
        loadingLabel={t`Loading the rows per shop`}
        what={t`the rows per shop`}
        skeletonColumns={5}
        getRowId={(row) => row.id}
        page={page}
        onPageChange={(next) => change({ page: next > 1 ? String(next) : undefined })}
        empty={<EmptyState icon={StoreIcon} title={t`No shops yet`} />}
      />
    </section>
  );
}

function MigrationsSection({ migrations }: { migrations: DatabaseOverview['migrations'] }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? migrations.applied : migrations.applied.slice(0, 10);
  const pendingCount = formatNumber(migrations.pending.length);
  const appliedTotal = formatNumber(migrations.applied.length);
  return (
    <section aria-labelledby="migrations" className="grid gap-3" data-testid="migrations">
      <h2 id="migrations" className="flex items-center gap-2 font-semibold">
        <GitBranchIcon aria-hidden className="size-4" />
        <Trans>Migrations</Trans>
      </h2>
      {migrations.pending.length > 0 && (
        <Alert variant="destructive" data-testid="pending-migrations">
          <AlertTriangleIcon aria-hidden />
          <AlertDescription>
            <p>
              <Trans>{pendingCount} migrations of this release are not applied to the database: the server applies them when it starts.</Trans>
            </p>
            <ul className="list-disc pl-5 font-mono text-xs">
              {migrations.pending.map((migration) => (
                <li key={migration.tag}>{migration.tag}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      <p className="text-sm text-muted-foreground">
        <Trans>The newest first. The date is the migration's own (drizzle records no time of application).</Trans>
      </p>
      <div className="rounded-xl border bg-card">
        <Table aria-label={t`Migrations applied`} data-testid="migrations-table">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4"><Trans>Migration</Trans></TableHead>
              <TableHead><Trans>Hash</Trans></TableHead>
              <TableHead className="pr-4"><Trans>Date</Trans></TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((migration) => (
              <TableRow key={migration.hash}>
                <TableCell className="pl-4 font-mono text-xs">{migration.tag ?? t`(not in this release's journal)`}</TableCell>
                <TableCell className="font-mono text-xs" title={migration.hash}>{migration.hash.slice(0, 12)}</TableCell>
                <TableCell className="pr-4">{formatDateTime(migration.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {migrations.applied.length > 10 && (
        <div>
          <Button variant="outline" size="sm" onClick={() => setShowAll((current) => !current)} aria-expanded={showAll}>
            {showAll ? <Trans>Show the latest 10</Trans> : <Trans>Show all {appliedTotal}</Trans>}
          </Button>
        </div>
      )}
    </section>
  );
}

function SlowQueriesSection({ slowQueries }: { slowQueries: DatabaseOverview['slowQueries'] }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="slow-queries" className="grid gap-3">
      <h2 id="slow-queries" className="flex items-center gap-2 font-semibold">
        <SnailIcon aria-hidden className="size-4" />
        <Trans>Slow queries</Trans>
      </h2>
      {slowQueries.status === 'available' ? (
        slowQueries.queries.length === 0 ? (
          <p className="text-sm text-muted-foreground"><Trans>pg_stat_statements has recorded no query yet.</Trans></p>
        ) : (
          <div className="rounded-xl border bg-card">
            <Table aria-label={t`Slow queries`} data-testid="slow-queries-table">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="pl-4"><Trans>Query</Trans></TableHead>
                  <TableHead className="text-right"><Trans>Mean</Trans></TableHead>
                  <TableHead className="text-right"><Trans>Calls</Trans></TableHead>
                  <TableHead className="text-right"><Trans>Total</Trans></TableHead>
                  <TableHead className="pr-4 text-right"><Trans>Rows</Trans></TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {slowQueries.queries.map((query, index) => (
                  <TableRow key={index}>
                    <TableCell className="max-w-[32rem] truncate pl-4 font-mono text-xs" title={query.query}>{query.query}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(query.meanMs)} ms</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(query.calls)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(query.totalMs)} ms</TableCell>
                    <TableCell className="pr-4 text-right tabular-nums">{formatNumber(query.rows)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )
      ) : (
        <div className="grid gap-2 rounded-xl border border-dashed p-4 text-sm" data-testid="slow-queries-empty">
          <p className="font-medium">
            {slowQueries.status === 'not_loaded' ? (
              <Trans>pg_stat_statements is installed in this database but the server does not load it.</Trans>
            ) : slowQueries.status === 'unsupported' ? (
              <Trans>pg_stat_statements could not be read on this server.</Trans>
            ) : (
              <Trans>Slow queries come from the PostgreSQL extension pg_stat_statements, which is not enabled.</Trans>
            )}
          </p>
          <p className="text-muted-foreground">
            <Trans>To enable it on PostgreSQL: add it to shared_preload_libraries in postgresql.conf, restart the server, then create the extension in the app's database. PGlite, the embedded database, does not offer it.</Trans>
          </p>
          <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">{ENABLE_PG_STAT_STATEMENTS}</pre>
        </div>
      )}
    </section>
  );
}

function BackupsSection({ backups, driver }: { backups: DatabaseOverview['backups']; driver: DatabaseOverview['driver'] }) {
  const { t } = useLingui();
  const labels = { backup: t`Back up`, restore: t`Restore`, note: t`Note` } as const;
  return (
    <section aria-labelledby="backups" className="grid gap-3" data-testid="backups">
      <h2 id="backups" className="flex items-center gap-2 font-semibold">
        <ArchiveIcon aria-hidden className="size-4" />
        <Trans>Backups</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        {driver === 'postgres' ? (
          <Trans>The whole database, every shop, with PostgreSQL's own tools. Run them on a machine that reaches the database; DATABASE_URL is the app's.</Trans>
        ) : (
          <Trans>The whole database, every shop: the embedded database is a folder under DATA_DIR. Copy it while the app is stopped.</Trans>
        )}
      </p>
      <ol className="grid gap-2">
        {backups.commands.map((line) => (
          <li key={line.command} className="grid gap-1">
            <span className="text-xs font-medium text-muted-foreground">{labels[line.purpose]}</span>
            <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">{line.command}</pre>
          </li>
        ))}
      </ol>
      <p className="text-sm text-muted-foreground">
        <Trans>
          One shop's data alone: open the shop in{' '}
          <Link to="/superadmin/tenants" className="font-medium text-primary underline-offset-4 hover:underline">
            Tenant Management
          </Link>{' '}
          and download its export (a .tar.gz of every table's rows), while the app runs.
        </Trans>
      </p>
      <p className="text-xs text-muted-foreground">
        <Trans>More in docs/platform.md, "Backups" and "Per-shop export".</Trans>
      </p>
    </section>
  );
}

