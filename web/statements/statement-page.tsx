import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeftIcon, DownloadIcon, MailIcon, PrinterIcon, RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link, useParams, useSearchParams } from 'react-router';
import { presetOf, presetPeriod, STATEMENT_PERIOD_PRESETS, type StatementPeriodPreset } from '../../core/statements/statement.rules';
import { statementQuerySchema, STATEMENT_SIDES, type Statement, type StatementSide } from '../../core/statements/statement.schemas';
import { useMayDo } from '../auth/may-do';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { Skeleton } from '../components/ui/skeleton';
import { translateMessage } from '../i18n/translate-message';
import { RoleRefusal } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { StatementDocument } from './statement-document';
import { StatementEmailDialog } from './statement-email-dialog';
import { PERIOD_LABELS, SIDE_LABELS, STATEMENT_TITLES } from './statement-labels';
import { statementPath, statementQueryString, useStatement, type StatementParams } from './statements.api';

const isSide = (value: string | null): value is StatementSide => (STATEMENT_SIDES as readonly (string | null)[]).includes(value);

/**
 * /admin/customers/:contactId/statement: the statement on screen, printable on A4, as PDF and by
 * e-mail; for those holding accounts.collect (its route's permission), anyone else sees why.
 */
export function StatementPage() {
  const { t } = useLingui();
  const mayRead = useMayDo('accounts.collect');
  return mayRead ? <StatementScreen /> : <RoleRefusal what={t`the statement`} />;
}

function StatementScreen() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { contactId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const params: StatementParams = {
    side: isSide(search.get('side')) ? (search.get('side') as StatementSide) : undefined,
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
  };
  const query = useStatement(contactId, params);
  const statement = query.data;
  const canEmail = useMayDo('accounts.adjust');
  const [emailing, setEmailing] = useState(false);
  const contactName = statement?.contact.name;
  useDocumentTitle(contactName ? t`Statement · ${contactName}` : t`Statement`);

  const update = (next: StatementParams) => {
    const merged = { ...params, ...next };
    setSearch(new URLSearchParams(Object.entries(merged).filter((entry): entry is [string, string] => Boolean(entry[1]))), { replace: true });
  };
  const pdfHref = statement
    ? `${statementPath(contactId)}.pdf${statementQueryString({ side: statement.side, from: statement.from, to: statement.to, language: i18n.locale })}`
    : undefined;

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <div className="grid min-w-0 gap-1">
          <Link to={`/admin/customers/${encodeURIComponent(contactId)}`} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeftIcon aria-hidden className="size-4" />
            {contactName ?? <Trans>Back to the contact</Trans>}
          </Link>
          <h2 className="text-xl font-semibold">{statement ? i18n._(STATEMENT_TITLES[statement.side]) : <Trans>Statement</Trans>}</h2>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => window.print()} disabled={!statement}>
            <PrinterIcon aria-hidden />
            <Trans>Print</Trans>
          </Button>
          {pdfHref ? (
            <Button variant="outline" asChild>
              <a href={pdfHref} download>
                <DownloadIcon aria-hidden />
                <Trans>Download PDF</Trans>
              </a>
            </Button>
          ) : (
            <Button variant="outline" disabled>
              <DownloadIcon aria-hidden />
              <Trans>Download PDF</Trans>
            </Button>
          )}
          {canEmail && (
            <Button onClick={() => setEmailing(true)} disabled={!statement}>
              <MailIcon aria-hidden />
              <Trans>Send by e-mail</Trans>
            </Button>
          )}
        </div>
      </div>

      {statement && <StatementControls key={`${statement.from}|${statement.to}`} statement={statement} error={query.error} onChange={update} />}

      {query.error && (!statement || !isFieldError(query.error)) && (
        <StatementLoadError error={query.error} onRetry={() => void query.refetch()} onReset={() => setSearch(new URLSearchParams(), { replace: true })} />
      )}
      {statement ? (
        <div className="rounded-xl border bg-card p-4 sm:p-6 print:hidden" aria-busy={query.isFetching}>
          <StatementDocument statement={statement} />
        </div>
      ) : (
        !query.error && (
          <div className="grid gap-3 rounded-xl border bg-card p-6" aria-busy="true" aria-label={t`Loading the statement`}>
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-4 w-1/4" />
            <Skeleton className="h-40 w-full" />
          </div>
        )
      )}
      {statement && <PrintableStatement statement={statement} />}
      {statement && canEmail && emailing && <StatementEmailDialog statement={statement} open={emailing} onClose={() => setEmailing(false)} />}
    </div>
  );
}

const isFieldError = (error: unknown) => isApiError(error) && error.status === 400 && Boolean(error.fields);

function StatementLoadError({ error, onRetry, onReset }: { error: unknown; onRetry: () => void; onReset: () => void }) {
  const { t } = useLingui();
  const notFound = isApiError(error) && error.status === 404;
  const badPeriod = isFieldError(error);
  const detail = isApiError(error) && error.status !== 0 && error.code !== 'invalid_response' ? translateMessage(error.message) : t`Check the connection and try again.`;
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-destructive/40 bg-card p-4 sm:p-6">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <TriangleAlertIcon aria-hidden className="size-4" />
        {notFound ? <Trans>This contact does not exist in this shop.</Trans> : <Trans>Could not load the statement.</Trans>}
      </p>
      {!notFound && <p className="text-sm text-muted-foreground">{detail}</p>}
      {badPeriod && isApiError(error) && (
        <ul className="list-disc pl-5 text-sm text-muted-foreground">
          {Object.values(error.fields ?? {}).flat().map((message) => (
            <li key={message}>{translateMessage(message)}</li>
          ))}
        </ul>
      )}
      {badPeriod ? (
        <Button variant="outline" onClick={onReset}>
          <Trans>Show this month</Trans>
        </Button>
      ) : notFound ? (
        <Button variant="outline" asChild>
          <Link to="/admin/customers">
            <Trans>Back to contacts</Trans>
          </Link>
        </Button>
      ) : (
        <Button variant="outline" onClick={onRetry}>
          <RotateCwIcon aria-hidden />
          <Trans>Retry</Trans>
        </Button>
      )}
    </div>
  );
}

/** Side switch (a contact who is customer and supplier) and the period: presets or custom dates. */
function StatementControls({ statement, error, onChange }: { statement: Statement; error: unknown; onChange: (next: StatementParams) => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const preset = presetOf({ from: statement.from, to: statement.to }, statement.today);
  const [choice, setChoice] = useState<StatementPeriodPreset | 'custom'>(preset);
  const [from, setFrom] = useState(statement.from);
  const [to, setTo] = useState(statement.to);
  const [fieldErrors, setFieldErrors] = useState<{ from?: string | undefined; to?: string | undefined }>({});
  // What the server refused (a date after today…), under the field it concerns.
  const serverFrom = isApiError(error) ? error.fieldMessage('from') : undefined;
  const serverTo = isApiError(error) ? error.fieldMessage('to') : undefined;
  const fromError = fieldErrors.from ?? serverFrom;
  const toError = fieldErrors.to ?? serverTo;

  const choose = (value: string) => {
    const next = value as StatementPeriodPreset | 'custom';
    setChoice(next);
    if (next !== 'custom') onChange(presetPeriod(next, statement.today));
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = statementQuerySchema.safeParse({ from, to });
    if (!parsed.success) {
      const errors: { from?: string; to?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'from' || field === 'to') errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    onChange({ from, to });
  };

  return (
    <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end print:hidden">
      {statement.sides.length > 1 && (
        <div className="grid gap-2 sm:w-64">
          <FormField id="statement-side" label={t`Account`}>
            <NativeSelect id="statement-side" value={statement.side} onChange={(event) => onChange({ side: event.target.value as StatementSide })}>
              {statement.sides.map((side) => (
                <option key={side} value={side}>
                  {i18n._(SIDE_LABELS[side])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
      )}
      <div className="grid gap-2 sm:w-48">
        <FormField id="statement-period" label={t`Period`}>
          <NativeSelect id="statement-period" value={choice} onChange={(event) => choose(event.target.value)}>
            {[...STATEMENT_PERIOD_PRESETS, 'custom' as const].map((value) => (
              <option key={value} value={value}>
                {i18n._(PERIOD_LABELS[value])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {choice === 'custom' && (
        <form onSubmit={apply} noValidate className="grid grid-cols-2 items-start gap-3 sm:flex sm:items-end">
          <FormField id="statement-from" label={t`From`} error={fromError}>
            <Input {...fieldControlProps('statement-from', { error: fromError })} type="date" value={from} max={statement.today} onChange={(event) => setFrom(event.target.value)} />
          </FormField>
          <FormField id="statement-to" label={t`To`} error={toError}>
            <Input {...fieldControlProps('statement-to', { error: toError })} type="date" value={to} max={statement.today} onChange={(event) => setTo(event.target.value)} />
          </FormField>
          <Button type="submit" variant="secondary" className="col-span-2 sm:col-span-1">
            <Trans>Show</Trans>
          </Button>
        </form>
      )}
    </div>
  );
}

/**
 * The copy that prints: a direct child of <body>, so the sidebar, header and controls stay off
 * the paper; A4 with margins, the table's header repeated on each page.
 */
function PrintableStatement({ statement }: { statement: Statement }) {
  return createPortal(
    <div className="statement-print-root bg-white text-black">
      <style>{STATEMENT_PRINT_STYLES}</style>
      <StatementDocument statement={statement} />
    </div>,
    document.body,
  );
}

const STATEMENT_PRINT_STYLES = `
@media screen { .statement-print-root { display: none; } }
@media print {
  @page { size: A4; margin: 14mm 12mm; }
  body > :not(.statement-print-root) { display: none !important; }
  .statement-print-root { display: block; font-size: 10pt; color-scheme: light; }
  .statement-print-root * { color: #000 !important; background-color: transparent !important; }
  .statement-print-root thead { display: table-header-group; }
  .statement-print-root tr { break-inside: avoid; }
}
`;
