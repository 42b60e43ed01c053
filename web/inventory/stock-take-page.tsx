import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckIcon, ClipboardCheckIcon, EyeOffIcon, Trash2Icon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../lib/toast';
import { stockTakeSchema, type StockTake } from '../../core/inventory/inventory.schemas';
import { formatQuantity, lineAmount, parseQuantity, QUANTITY_SCALE } from '../../core/products/quantity.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { Detail } from '../components/detail';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../components/ui/alert-dialog';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { InlineSpinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { translateMessage } from '../i18n/translate-message';
import { apiRequest, isApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useBusinessSettings } from '../settings/settings.api';
import { documentActionRequest, useRefreshStock, useStockTake } from './inventory.api';
import { DetailSkeleton, LoadError, PageHeader, SignedQuantity, useStockPermissions } from './inventory-ui';
import { productLabel } from './stock-format';
import type { PickedVariant } from './stock-lines';
import { StockTakeStatusBadge } from './stock-take-status';
import { VariantPicker } from './variant-picker';

type Line = StockTake['lines'][number];
const SAVE_DELAY_MS = 800;
const stockTakeKey = (id: string) => ['inventory', 'stock-takes', id] as const;
const countsPath = (id: string) => `/api/inventory/stock-takes/${encodeURIComponent(id)}/counts`;

/** /admin/products/stock-takes/:stockTakeId: the count sheet while counting, read-only once posted or cancelled. */
export function StockTakePage() {
  const { t } = useLingui();
  const { stockTakeId = '' } = useParams();
  useDocumentTitle(t`Stock take`);
  const take = useStockTake(stockTakeId);
  if (take.isPending) return <DetailSkeleton label={t`Loading the stock take`} />;
  if (take.isError) return <LoadError error={take.error} what={t`the stock take`} onRetry={() => void take.refetch()} />;
  return <CountSheet take={take.data} />;
}

/** A count saved by the server: the whole take comes back with the new expected and variance figures. */
function useTakeSaved(stockTakeId: string) {
  const queryClient = useQueryClient();
  return (take: StockTake) => {
    queryClient.setQueryData(stockTakeKey(stockTakeId), take);
    void queryClient.invalidateQueries({ queryKey: ['inventory', 'stock-takes', 'list'] });
  };
}

/** Where the cursor goes: a product just picked by search (a new request each time, even for the same row). */
interface FocusRequest {
  variantId: string;
  requestedAt: number;
}

function CountSheet({ take }: { take: StockTake }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const { canEditStock } = useStockPermissions();
  const queryClient = useQueryClient();
  const onSaved = useTakeSaved(take.id);
  const isEditable = take.status === 'counting' && canEditStock;
  // The server sends no expected figures while a blind take is counted: nothing to compare on screen.
  const isBlind = take.isBlind && take.status === 'counting';
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [onlyVariances, setOnlyVariances] = useState(false);
  const [scanError, setScanError] = useState<string | undefined>();
  // Counts are saved one after another, each from the figure the previous one saved.
  const scanQueue = useRef(Promise.resolve());

  const hasVariance = (line: Line) => line.varianceMilli !== null && line.varianceMilli !== 0;
  const varianceCount = take.lines.filter(hasVariance).length;
  const shownLines = onlyVariances && !isBlind ? take.lines.filter(hasVariance) : take.lines;

  /** One more of the product: a scan, or the first count of a product picked by search. */
  const countOneMore = (variant: PickedVariant, onCounted?: () => void) => {
    scanQueue.current = scanQueue.current.then(async () => {
      const latest = queryClient.getQueryData<StockTake>(stockTakeKey(take.id)) ?? take;
      const current = latest.lines.find((line) => line.variantId === variant.variantId)?.countedQuantityMilli ?? 0;
      try {
        onSaved(await apiRequest(countsPath(take.id), { method: 'PUT', body: { variantId: variant.variantId, countedQuantityMilli: current + QUANTITY_SCALE }, schema: stockTakeSchema }));
        setScanError(undefined);
        onCounted?.();
      } catch (error) {
        const product = productLabel(variant);
        setScanError(isApiError(error) ? translateMessage(error.message) : t`${product} was not counted. Try again.`);
      }
    });
  };
  // A product picked by search starts at 1, as a scanned one does, with the cursor on its count
  // to type the real figure; one already on the sheet just gets the cursor.
  const pick = (variant: PickedVariant, via: 'scan' | 'search') => {
    if (via === 'scan') return countOneMore(variant);
    setOnlyVariances(false);
    const focusRow = () => setFocus({ variantId: variant.variantId, requestedAt: Date.now() });
    if (take.lines.some((line) => line.variantId === variant.variantId)) return focusRow();
    countOneMore(variant, focusRow);
  };

  const locationName = take.location.name;
  const postedAt = take.postedAt ? formatDateTime(take.postedAt) : null;
  const postedBy = take.postedByName;
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-2">
            <Trans>Stock take at {locationName}</Trans> <StockTakeStatusBadge status={take.status} />
            {take.isBlind && (
              <Badge variant="outline">
                <Trans>Blind</Trans>
              </Badge>
            )}
          </span>
        }
        description={
          <Link to="/admin/products/stock-takes" className="underline-offset-4 hover:underline">
            <Trans>← All stock takes</Trans>
          </Link>
        }
        actions={isEditable && <StockTakeActions take={take} />}
      />
      <dl className="grid grid-cols-2 gap-4 rounded-xl border bg-card p-4 sm:grid-cols-4">
        <Detail label={t`Started`}>{formatDateTime(take.createdAt)}</Detail>
        <Detail label={t`Started by`}>{take.startedByName ?? '—'}</Detail>
        <Detail label={t`Products counted`}>{take.lines.length}</Detail>
        {!isBlind && <Detail label={t`With a variance`}>{varianceCount}</Detail>}
        {postedAt && <Detail label={t`Posted`}>{postedBy ? t`${postedAt} by ${postedBy}` : postedAt}</Detail>}
        {take.note && <Detail label={t`Note`}>{take.note}</Detail>}
      </dl>
      {isBlind && (
        <p role="note" className="flex items-center gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
          <EyeOffIcon aria-hidden className="size-4 shrink-0" />
          <Trans>Blind count: the expected quantities stay hidden until the stock take is posted. Count what is on the shelf.</Trans>
        </p>
      )}
      {isEditable && (
        <section aria-label={t`Add to the count`} className="grid gap-2 rounded-xl border bg-card p-4">
          <VariantPicker idPrefix="count" onPick={pick} pickLabel={(product) => t`Count ${product}`} stockAt={isBlind ? null : { locationId: take.location.id, locationName: take.location.name }} />
          {scanError && (
            <p role="alert" className="text-sm text-destructive">
              {scanError}
            </p>
          )}
        </section>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-semibold">
          <Trans>Count sheet</Trans>
        </h3>
        {!isBlind && (
          <div className="flex items-center gap-2">
            <Switch id="only-variances" checked={onlyVariances} onCheckedChange={setOnlyVariances} />
            <Label htmlFor="only-variances">
              <Trans>Only variances</Trans>
            </Label>
          </div>
        )}
      </div>
      {shownLines.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          <ClipboardCheckIcon aria-hidden className="size-6" />
          {onlyVariances && take.lines.length > 0
            ? t`Every count matches the expected stock.`
            : isEditable
              ? t`Nothing counted yet. Scan the first item or search for it above.`
              : t`Nothing was counted.`}
        </div>
      ) : (
        <div className="rounded-xl border bg-card">
          <div aria-hidden className={cn('hidden gap-3 border-b px-4 py-2 text-xs font-medium text-muted-foreground sm:grid', rowColumns(isBlind))}>
            <span>
              <Trans>Product</Trans>
            </span>
            {!isBlind && (
              <span className="text-right">
                <Trans>Expected</Trans>
              </span>
            )}
            <span className="text-right">
              <Trans>Counted</Trans>
            </span>
            {!isBlind && (
              <span className="text-right">
                <Trans>Variance</Trans>
              </span>
            )}
            <span />
            <span />
          </div>
          <ul aria-label={t`Counted products`} className="divide-y">
            {shownLines.map((line) => (
              <CountRow
                key={line.variantId}
                stockTakeId={take.id}
                line={line}
                isBlind={isBlind}
                isEditable={isEditable}
                focusRequest={focus?.variantId === line.variantId ? focus.requestedAt : null}
              />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The sheet's columns on wider screens: product, [expected], counted, [variance], state, remove. */
const rowColumns = (isBlind: boolean) =>
  isBlind ? 'sm:grid-cols-[minmax(0,1fr)_7rem_5.5rem_2.25rem]' : 'sm:grid-cols-[minmax(0,1fr)_5.5rem_7rem_5.5rem_5.5rem_2.25rem]';

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** One product on the sheet: the count saves itself a moment after typing stops, or on leaving the box. */
function CountRow({
  stockTakeId,
  line,
  isBlind,
  isEditable,
  focusRequest,
}: {
  stockTakeId: string;
  line: Line;
  isBlind: boolean;
  isEditable: boolean;
  /** When set (a new value each time), the count box takes the cursor with its figure selected. */
  focusRequest: number | null;
}) {
  const { t } = useLingui();
  const onSaved = useTakeSaved(stockTakeId);
  const label = productLabel(line);
  const inputId = `count-${line.variantId}`;
  const serverCount = line.countedQuantityMilli;
  const [text, setText] = useState(formatQuantity(serverCount));
  const [isDirty, setIsDirty] = useState(false);
  const [seenCount, setSeenCount] = useState(serverCount);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);

  // A count saved elsewhere (a scan, another device) shows here unless this box is being typed in.
  if (serverCount !== seenCount) {
    setSeenCount(serverCount);
    if (!isDirty) setText(formatQuantity(serverCount));
  }
  useEffect(() => {
    if (focusRequest !== null) inputRef.current?.select();
  }, [focusRequest]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = useMutation({
    mutationKey: ['inventory', 'stock-takes', 'count'],
    mutationFn: (countedQuantityMilli: number) =>
      apiRequest(countsPath(stockTakeId), { method: 'PUT', body: { variantId: line.variantId, countedQuantityMilli }, schema: stockTakeSchema }),
    onMutate: () => setState({ kind: 'saving' }),
    onSuccess: (take, countedQuantityMilli) => {
      // Typing may have gone on while this was saved: only the figure on screen is "saved".
      if (parseQuantity(inputRef.current?.value ?? '') === countedQuantityMilli) setIsDirty(false);
      setState({ kind: 'saved' });
      onSaved(take);
    },
    onError: (error) =>
      setState({
        kind: 'error',
        message: isApiError(error) ? translateMessage(error.fieldMessage('countedQuantityMilli') ?? error.message) : t`Not saved. Check the connection.`,
      }),
  });
  const remove = useMutation({
    mutationKey: ['inventory', 'stock-takes', 'remove-count'],
    mutationFn: () => apiRequest(`${countsPath(stockTakeId)}/${encodeURIComponent(line.variantId)}`, { method: 'DELETE', schema: stockTakeSchema }),
    onSuccess: (take) => {
      onSaved(take);
      toast.success(t`${label} removed from the count`);
    },
    onError: (error) => toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`${label} was not removed.` }),
  });

  const saveNow = (value: string) => {
    clearTimeout(timer.current);
    if (value.trim() === '') return;
    const milli = parseQuantity(value);
    if (milli === null) return setState({ kind: 'error', message: t`Enter a count like 12 or 2.5` });
    if (milli === serverCount) {
      setIsDirty(false);
      return setState({ kind: 'idle' });
    }
    save.mutate(milli);
  };
  const onChange = (value: string) => {
    setText(value);
    setIsDirty(true);
    setState({ kind: 'idle' });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => saveNow(value), SAVE_DELAY_MS);
  };

  const { expectedQuantityMilli: expected, varianceMilli: variance } = line;
  return (
    <li aria-label={label} className={cn('grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 px-4 py-3', rowColumns(isBlind))}>
      <span className="col-span-2 grid min-w-0 sm:col-span-1">
        <span className="font-medium break-words">{label}</span>
        <span className="text-xs text-muted-foreground">{line.sku}</span>
      </span>
      {!isBlind && (
        <span className="text-sm sm:text-right">
          <span className="text-muted-foreground sm:sr-only">{t`Expected`} </span>
          <span className="tabular-nums">{expected === null ? '—' : formatQuantity(expected)}</span>
        </span>
      )}
      <span className="flex items-center justify-end gap-2 sm:contents">
        <label htmlFor={inputId} className="text-sm text-muted-foreground sm:sr-only">
          <Trans>
            Counted<span className="sr-only"> quantity of {label}</span>
          </Trans>
        </label>
        {isEditable ? (
          <Input
            id={inputId}
            ref={inputRef}
            className="w-24 text-right tabular-nums sm:w-full"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => onChange(event.target.value)}
            onBlur={(event) => saveNow(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && saveNow(event.currentTarget.value)}
            aria-invalid={state.kind === 'error' || undefined}
            aria-describedby={`${inputId}-state`}
          />
        ) : (
          <span id={inputId} className="text-right text-sm font-medium tabular-nums">
            {text}
          </span>
        )}
      </span>
      {!isBlind && (
        <span className="text-sm sm:text-right">
          <span className="text-muted-foreground sm:sr-only">{t`Variance`} </span>
          {variance === null ? '—' : variance === 0 ? <span className="text-muted-foreground">0</span> : <SignedQuantity milli={variance} />}
        </span>
      )}
      <span id={`${inputId}-state`} aria-live="polite" className={cn('flex items-center justify-end gap-1 text-xs sm:justify-start', state.kind === 'error' ? 'text-destructive' : 'text-muted-foreground')}>
        {state.kind === 'saving' && (
          <>
            <InlineSpinner className="size-3" />
            <Trans>Saving…</Trans>
          </>
        )}
        {state.kind === 'saved' && (
          <>
            <CheckIcon aria-hidden className="size-3 text-primary" />
            <Trans>Saved</Trans>
          </>
        )}
        {state.kind === 'error' && (
          <>
            <TriangleAlertIcon aria-hidden className="size-3" />
            {state.message}
          </>
        )}
      </span>
      {isEditable ? (
        <Button
          variant="ghost"
          size="icon"
          className="col-start-2 justify-self-end sm:col-start-auto"
          aria-label={t`Remove ${label} from the count`}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          <Trash2Icon aria-hidden />
        </Button>
      ) : (
        <span className="hidden sm:block" />
      )}
    </li>
  );
}

/** The stock value of the variances at each item's average cost; null when the person does not see costs. */
function varianceValueMinor(lines: StockTake['lines']): number | null {
  let sum = 0;
  for (const line of lines) {
    if (line.unitCostMinor === null) return null;
    sum += lineAmount(line.unitCostMinor, line.varianceMilli ?? 0);
  }
  return sum;
}

function StockTakeActions({ take }: { take: StockTake }) {
  const { t } = useLingui();
  const refresh = useRefreshStock();
  const onSaved = useTakeSaved(take.id);
  const currency = useBusinessSettings().data?.currencySymbol ?? '';
  const [confirming, setConfirming] = useState<'post' | 'cancel' | null>(null);
  const isBlind = take.isBlind;
  const varianceLines = take.lines.filter((line) => line.varianceMilli !== null && line.varianceMilli !== 0);
  const valueMinor = varianceValueMinor(varianceLines);
  const found = varianceLines.filter((line) => (line.varianceMilli ?? 0) > 0).length;
  const short = varianceLines.length - found;
  const withVariance = varianceLines.length;
  const counted = take.lines.length;
  const location = take.location.name;
  const value = valueMinor === null ? null : formatMinorUnits(valueMinor, currency);
  const act = useMutation({
    mutationKey: ['inventory', 'stock-takes', 'action'],
    mutationFn: (action: 'post' | 'cancel') => documentActionRequest('stock-takes', take.id, action, stockTakeSchema),
    onSuccess: async (result, action) => {
      onSaved(result);
      await refresh();
      setConfirming(null);
      toast.success(action === 'post' ? t`Stock take posted: the stock now matches the count` : t`Stock take cancelled`);
    },
    onError: (error) => toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`The stock take was not changed.` }),
  });
  return (
    <>
      <Button variant="outline" onClick={() => setConfirming('cancel')}>
        <Trans>Cancel stock take</Trans>
      </Button>
      <Button onClick={() => setConfirming('post')} disabled={take.lines.length === 0}>
        {t`Review & post`}
      </Button>
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          {confirming === 'post' ? (
            <AlertDialogHeader>
              <AlertDialogTitle>
                <Trans>Post this stock take?</Trans>
              </AlertDialogTitle>
              <AlertDialogDescription>
                {isBlind ? (
                  <Plural
                    value={counted}
                    one={`# product counted at ${location}; this is a blind count, so the variances show once it is posted. The stock becomes the counted figures.`}
                    other={`# products counted at ${location}; this is a blind count, so the variances show once it is posted. The stock becomes the counted figures.`}
                  />
                ) : withVariance === 0 ? (
                  <Plural
                    value={counted}
                    one={`# product counted at ${location}; every count matches, so no stock changes.`}
                    other={`# products counted at ${location}; every count matches, so no stock changes.`}
                  />
                ) : (
                  <Plural
                    value={counted}
                    one={`# product counted at ${location}; ${withVariance} with a variance (${found} over, ${short} short). The stock becomes the counted figures.`}
                    other={`# products counted at ${location}; ${withVariance} with a variance (${found} over, ${short} short). The stock becomes the counted figures.`}
                  />
                )}
              </AlertDialogDescription>
              {varianceLines.length > 0 && value !== null && (
                <p className="text-sm">
                  <Trans>
                    Value of the variances at average cost: <strong className="tabular-nums">{value}</strong>
                  </Trans>
                </p>
              )}
            </AlertDialogHeader>
          ) : (
            <AlertDialogHeader>
              <AlertDialogTitle>
                <Trans>Cancel this stock take?</Trans>
              </AlertDialogTitle>
              <AlertDialogDescription>
                <Trans>The counts are discarded and no stock changes. This cannot be undone.</Trans>
              </AlertDialogDescription>
            </AlertDialogHeader>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel>
              <Trans>Go back</Trans>
            </AlertDialogCancel>
            <Button variant={confirming === 'cancel' ? 'destructive' : 'default'} disabled={act.isPending} onClick={() => confirming && act.mutate(confirming)}>
              {act.isPending && <InlineSpinner />}
              {confirming === 'post' ? t`Post stock take` : t`Cancel stock take`}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
