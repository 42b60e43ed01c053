import { Trans, useLingui } from '@lingui/react/macro';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { manualLinesDifference, MAX_JOURNAL_LINES } from '../../core/accounting/accounting.schemas';
import { formatMoneyPlain, parseMoney } from '../../core/settings/money.rules';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { translateMessage } from '../i18n/translate-message';
import { cn } from '../lib/cn';
import { failureMessage, type FieldErrors } from '../lib/form-errors';
import { placeIssues, serverIssues, type FormIssue } from '../purchases/purchase-form-parts';
import { AccountSelect, Money } from './accounting-ui';

// The lines of a manual or recurring entry while they are typed: an account, a debit or a credit
// (text until sent) and a description. The totals and the difference follow every key, and Enter
// on the last line of an entry that does not balance adds the line that would balance it.

export interface LineDraft {
  id: string;
  accountId: string;
  debit: string;
  credit: string;
  description: string;
}

interface LineInput {
  accountId: string;
  debitMinor: number;
  creditMinor: number;
  description: string | null;
}

const blankLine = (): LineDraft => ({ id: crypto.randomUUID(), accountId: '', debit: '', credit: '', description: '' });

/** Two blank lines: the least an entry has. */
export const newLines = (): LineDraft[] => [blankLine(), blankLine()];

/** A saved line back into the form's text. */
export const draftOf = (line: { accountId: string; debitMinor: number; creditMinor: number; description: string | null }): LineDraft => ({
  id: crypto.randomUUID(),
  accountId: line.accountId,
  debit: line.debitMinor ? formatMoneyPlain(line.debitMinor) : '',
  credit: line.creditMinor ? formatMoneyPlain(line.creditMinor) : '',
  description: line.description ?? '',
});

/** A typed amount in minor units: blank is 0, anything that is not an amount is null. */
const amountOf = (text: string) => (text.trim() === '' ? 0 : parseMoney(text));

/** What the totals count while typing: an amount not yet readable counts as nothing. */
const countedLines = (lines: readonly LineDraft[]) => lines.map((line) => ({ debitMinor: amountOf(line.debit) ?? 0, creditMinor: amountOf(line.credit) ?? 0 }));

/**
 * The lines as the API takes them, or a message on each line whose amount does not read
 * (`unreadable`, the caller's words).
 */
export function readLines(lines: readonly LineDraft[], unreadable: string): { lines: LineInput[] } | { rowErrors: Record<string, string> } {
  const rowErrors: Record<string, string> = {};
  const read: LineInput[] = [];
  for (const line of lines) {
    const debitMinor = amountOf(line.debit);
    const creditMinor = amountOf(line.credit);
    if (debitMinor === null || creditMinor === null) rowErrors[line.id] = unreadable;
    else read.push({ accountId: line.accountId, debitMinor, creditMinor, description: line.description.trim() || null });
  }
  return Object.keys(rowErrors).length > 0 ? { rowErrors } : { lines: read };
}

/**
 * The shared schema's or the server's messages placed: each on its line ("lines.2.accountId"),
 * the entry's own ("lines": unbalanced, too few) under the totals, the rest on their fields.
 */
export function placeLineIssues(issues: readonly FormIssue[], lines: readonly LineDraft[]) {
  const { fields, rows } = placeIssues(issues, 'lines', lines);
  const { lines: linesError, ...otherFields } = fields;
  return { fields: otherFields, rows, linesError };
}

/** What a refused entry shows: messages beside the fields, on the lines, under the totals, or for the whole form. */
export interface EntryErrors {
  fields: FieldErrors;
  rows: Record<string, string>;
  linesError: string | undefined;
}
export const NO_ERRORS: EntryErrors = { fields: {}, rows: {}, linesError: undefined };

/** The server's refusal placed like the schema's; a message naming no field goes under the totals. */
export function entryErrorsOf(failure: unknown, lines: readonly LineDraft[], fallback: string): EntryErrors {
  const issues = serverIssues(failure);
  if (!issues) return { ...NO_ERRORS, linesError: failureMessage(failure, fallback) };
  const placed = placeLineIssues(issues, lines);
  return { fields: placed.fields, rows: placed.rows, linesError: placed.linesError };
}

/**
 * The lines' table (a card per line on a phone): account, debit, credit, description; the running
 * totals and difference under it, with `linesError` where the person is looking when it is refused.
 */
export function JournalLinesEditor({
  idPrefix,
  lines,
  onChange,
  rowErrors,
  linesError,
}: {
  idPrefix: string;
  lines: readonly LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  rowErrors: Record<string, string>;
  linesError: string | undefined;
}) {
  const { t } = useLingui();
  // The line just added, focused once it is on screen.
  const lineToFocus = useRef<string | null>(null);
  const counted = countedLines(lines);
  const totalDebit = counted.reduce((sum, line) => sum + line.debitMinor, 0);
  const totalCredit = counted.reduce((sum, line) => sum + line.creditMinor, 0);
  const difference = manualLinesDifference(counted);
  const fieldId = (line: LineDraft, name: string) => `${idPrefix}-line-${line.id}-${name}`;

  useEffect(() => {
    if (!lineToFocus.current) return;
    document.getElementById(`${idPrefix}-line-${lineToFocus.current}-account`)?.focus();
    lineToFocus.current = null;
  });

  const update = (lineId: string, changes: Partial<LineDraft>) => onChange(lines.map((line) => (line.id === lineId ? { ...line, ...changes } : line)));
  // A line is a debit or a credit: typing one side empties the other.
  const setDebit = (lineId: string, debit: string) => update(lineId, debit.trim() ? { debit, credit: '' } : { debit });
  const setCredit = (lineId: string, credit: string) => update(lineId, credit.trim() ? { credit, debit: '' } : { credit });

  /** A new line holding what the entry lacks to balance (on the side that lacks it). */
  const addLine = () => {
    if (lines.length >= MAX_JOURNAL_LINES) return;
    const line = blankLine();
    if (difference > 0) line.credit = formatMoneyPlain(difference);
    if (difference < 0) line.debit = formatMoneyPlain(-difference);
    onChange([...lines, line]);
    lineToFocus.current = line.id;
  };

  // Enter on the last line of an unbalanced entry adds the balancing line instead of sending it.
  const onLineKeyDown = (line: LineDraft) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || difference === 0 || line.id !== lines.at(-1)?.id) return;
    event.preventDefault();
    addLine();
  };

  return (
    <div className="grid min-w-0 gap-3">
      <div aria-hidden className="hidden gap-2 px-1 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.8fr)_2.25rem]">
        <span>
          <Trans>Account</Trans>
        </span>
        <span className="text-right">
          <Trans>Debit</Trans>
        </span>
        <span className="text-right">
          <Trans>Credit</Trans>
        </span>
        <span>
          <Trans>Description</Trans>
        </span>
      </div>
      <ol aria-label={t`Lines`} className="grid gap-3 sm:gap-2">
        {lines.map((line, index) => {
          const number = index + 1;
          const error = rowErrors[line.id];
          const describedBy = error ? fieldId(line, 'error') : undefined;
          const control = (name: string) => ({ id: fieldId(line, name), 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy });
          return (
            <li key={line.id} aria-label={t`Line ${number}`} className="grid gap-2 rounded-lg border p-3 sm:border-0 sm:p-0">
              <div className="grid gap-2 sm:grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.8fr)_2.25rem] sm:items-start">
                <div className="grid gap-1">
                  <Label htmlFor={fieldId(line, 'account')} className="sm:sr-only">
                    {t`Account of line ${number}`}
                  </Label>
                  <AccountSelect {...control('account')} value={line.accountId} onChange={(event) => update(line.id, { accountId: event.target.value })} onKeyDown={onLineKeyDown(line)} emptyLabel={t`Choose an account`} />
                </div>
                <div className="grid grid-cols-2 gap-2 sm:contents">
                  <div className="grid gap-1">
                    <Label htmlFor={fieldId(line, 'debit')} className="sm:sr-only">
                      {t`Debit of line ${number}`}
                    </Label>
                    <Input {...control('debit')} className="text-right tabular-nums" inputMode="decimal" autoComplete="off" value={line.debit} onChange={(event) => setDebit(line.id, event.target.value)} onKeyDown={onLineKeyDown(line)} />
                  </div>
                  <div className="grid gap-1">
                    <Label htmlFor={fieldId(line, 'credit')} className="sm:sr-only">
                      {t`Credit of line ${number}`}
                    </Label>
                    <Input {...control('credit')} className="text-right tabular-nums" inputMode="decimal" autoComplete="off" value={line.credit} onChange={(event) => setCredit(line.id, event.target.value)} onKeyDown={onLineKeyDown(line)} />
                  </div>
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={fieldId(line, 'description')} className="sm:sr-only">
                    {t`Description of line ${number}`}
                  </Label>
                  <Input {...control('description')} maxLength={200} autoComplete="off" value={line.description} onChange={(event) => update(line.id, { description: event.target.value })} onKeyDown={onLineKeyDown(line)} />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="justify-self-end"
                  aria-label={t`Remove line ${number}`}
                  disabled={lines.length <= 2}
                  onClick={() => onChange(lines.filter((other) => other.id !== line.id))}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </div>
              {error && (
                <p id={fieldId(line, 'error')} className="text-sm text-destructive">
                  {translateMessage(error)}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="button" variant="outline" onClick={addLine} disabled={lines.length >= MAX_JOURNAL_LINES}>
          <PlusIcon aria-hidden />
          <Trans>Add a line</Trans>
        </Button>
        <dl aria-label={t`Totals`} className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="grid gap-0.5 text-right">
            <dt className="text-muted-foreground">
              <Trans>Debits</Trans>
            </dt>
            <dd>
              <Money minor={totalDebit} />
            </dd>
          </div>
          <div className="grid gap-0.5 text-right">
            <dt className="text-muted-foreground">
              <Trans>Credits</Trans>
            </dt>
            <dd>
              <Money minor={totalCredit} />
            </dd>
          </div>
          <div className="grid gap-0.5 text-right">
            <dt className="text-muted-foreground">
              <Trans>Difference</Trans>
            </dt>
            <dd aria-live="polite" data-testid="journal-difference" className={cn('font-medium', difference !== 0 && 'text-destructive')}>
              <Money minor={Math.abs(difference)} />
            </dd>
          </div>
        </dl>
      </div>
      {linesError && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {translateMessage(linesError)}
        </p>
      )}
    </div>
  );
}
