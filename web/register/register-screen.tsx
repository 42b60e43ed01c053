import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HelpCircleIcon, LockIcon, MinusIcon, PauseIcon, PencilIcon, PlayIcon, PlusIcon, SearchIcon, Trash2Icon, UserIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatQuantity, parseQuantity, QUANTITY_SCALE } from '../../core/products/quantity.rules';
import type { PricedCart } from '../../core/sales/pricing.rules';
import { approvalReason, type SellerLimits } from '../../core/sales/seller-limits.rules';
import type { RegisterCustomer, RegisterItem } from '../../core/sales/register-items.schemas';
import { saleSchema, type Approval, type ApprovalAction, type Discount, type Register, type Sale, type Shift } from '../../core/sales/sales.schemas';
import { formatMoneyPlain, parseMoney } from '../../core/settings/money.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner, Spinner } from '../components/ui/spinner';
import { useMoney } from '../accounts/use-money';
import { BILLING_PATH, LoadError, useFeature } from '../inventory/inventory-ui';
import { translateMessage } from '../i18n/translate-message';
import { apiRequest, isApiError } from '../lib/api-client';
import { browserLocalStorage, readItem, writeItem } from '../lib/browser-storage';
import { cn } from '../lib/cn';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { useSaleByReceipt } from '../sales/sales.api';
import { APPROVAL_REASON_LABELS, ApprovalDialog } from './approval-dialog';
import {
  addLineProblem,
  CART_PROBLEM_LABELS,
  cartReducer,
  clearCart,
  createCart,
  loadParkedCart,
  pendingApprovals,
  priceCartState,
  quantityProblem,
  toParkedCartContent,
  type CartLine,
  type CartState,
  type PendingApproval,
} from './cart';
import { useExpressCash } from './complete-sale';
import { CustomerDialog } from './customer-dialog';
import { ExchangeCreditPanel, ExchangeTotals } from './exchange-panel';
import { DiscountFields, DiscountLimitNote, discountText, parseDiscount, type DiscountText } from './discount-fields';
import { LineDialog, type LineChange } from './line-dialog';
import { OutboxIndicator } from './outbox-indicator';
import { ParkDialog, ResumeDialog, type ParkedCart } from './park-dialogs';
import { ProductGridToggle, useProductGridPreference } from './product-grid-toggle';
import { cartCustomerOf, catalogOf, fetchRegisterCustomer, fetchRegisterItems, useCurrentShift, useRegisterPricingSettings, useRegisters } from './register.api';
import { matchShortcut, type RegisterAction } from './register-shortcuts';
import { DEFAULT_SCANNER_OPTIONS, parseScanQuery, SCAN_QUERY_PROBLEM_LABELS, ScannerDetector } from './scanner-input';
import { ShortcutHelpDialog } from './shortcut-help';

// The register (/admin/sales?tab=new-sale): pick the till, open its shift, then sell. A USB
// scanner is heard anywhere on the screen (web/register/scanner-input.ts); keys are shortcuts
// (web/register/register-shortcuts.ts); the cart is a pure reducer (web/register/cart.ts) priced
// on screen with the shop's rules and again by the server at checkout. A receipt number opens that
// sale for a return, or an exchange: its goods come back as a credit on this cart.

const REGISTER_STORAGE_KEY = 'dukani-register-id';
/** "T1-000123": a receipt code opens that sale for a return. */
const RECEIPT_CODE_PATTERN = /^[A-Z0-9]{1,6}-\d{6,}$/i;

// The payment and the return dialogs are needed only after the first scan: they are fetched while
// the till waits for it (idle, once the search field is ready), not before the field is usable. The
// opening of a shift comes only to a till without one, the product grid to a till that shows it.
const ProductGrid = lazy(() => import('./product-grid').then((module) => ({ default: module.ProductGrid })));
const OpenShiftForm = lazy(() => import('./open-shift-form').then((module) => ({ default: module.OpenShiftForm })));
const loadPaymentDialog = () => import('./payment-dialog');
const loadReturnDialog = () => import('../sales/return-dialog');
const PaymentDialog = lazy(() => loadPaymentDialog().then((module) => ({ default: module.PaymentDialog })));
const ReturnDialog = lazy(() => loadReturnDialog().then((module) => ({ default: module.ReturnDialog })));

export function RegisterScreen() {
  const { t } = useLingui();
  const registers = useRegisters();
  const [chosenId, setChosenId] = useState(() => readItem(browserLocalStorage(), REGISTER_STORAGE_KEY));
  const register = registers.data?.find((candidate) => candidate.id === chosenId) ?? registers.data?.[0] ?? null;
  const shift = useCurrentShift(register?.id ?? null);

  const choose = (registerId: string) => {
    writeItem(browserLocalStorage(), REGISTER_STORAGE_KEY, registerId);
    setChosenId(registerId);
  };

  if (registers.isError) return <LoadError error={registers.error} what={t`the registers`} onRetry={() => void registers.refetch()} />;
  if (registers.isPending) return <Spinner label={t`Loading the register…`} />;
  if (!register) {
    return (
      <p className="rounded-xl border bg-card p-4 text-sm">
        <Trans>This shop has no active register. An admin adds one in Settings.</Trans>
      </p>
    );
  }

  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor="register-picker" className="text-xs font-medium text-muted-foreground">
            <Trans>Register</Trans>
          </label>
          <NativeSelect id="register-picker" value={register.id} onChange={(event) => choose(event.target.value)} className="w-auto min-w-48">
            {registers.data.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} · {candidate.locationName}
              </option>
            ))}
          </NativeSelect>
        </div>
        <OutboxIndicator />
      </div>
      {shift.isError ? (
        <LoadError error={shift.error} what={t`the open shift`} onRetry={() => void shift.refetch()} />
      ) : shift.isPending ? (
        <Spinner label={t`Loading the open shift…`} />
      ) : shift.data === null ? (
        <Suspense fallback={<Spinner label={t`Loading the open shift…`} />}>
          <OpenShiftForm key={register.id} register={register} />
        </Suspense>
      ) : (
        <Till key={`${register.id}:${shift.data.id}`} register={register} shift={shift.data} />
      )}
    </div>
  );
}

type Message = { tone: 'error' | 'warning' | 'info'; text: string };
type DialogName = 'customer' | 'park' | 'resume' | 'pay' | 'help' | 'cart-discount' | 'tip';

function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type);
}

/** Puts held-back typing where the caret is, as if typed (React sees an input event). */
function insertIntoField(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  setValue?.call(field, field.value.slice(0, start) + text + field.value.slice(end));
  field.setSelectionRange(start + text.length, start + text.length);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function Till({ register, shift }: { register: Register; shift: Shift }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const pricing = useRegisterPricingSettings();
  const advancedPos = useFeature('advanced_pos');
  const expressCash = useExpressCash();
  const [cart, dispatch] = useReducer(cartReducer, undefined, () => createCart());
  const [customer, setCustomer] = useState<RegisterCustomer | null>(null);
  const [search, setSearch] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [pickList, setPickList] = useState<{ items: RegisterItem[]; quantityMilli: number | null } | null>(null);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [editingLineKey, setEditingLineKey] = useState<string | null>(null);
  const [approval, setApproval] = useState<PendingApproval | null>(null);
  const [returnSaleId, setReturnSaleId] = useState<string | null>(null);
  const [saleDone, setSaleDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const productGrid = useProductGridPreference();
  useEffect(() => {
    const prefetch = setTimeout(() => void Promise.all([loadPaymentDialog(), loadReturnDialog()]).catch(() => undefined));
    return () => clearTimeout(prefetch);
  }, []);
  // Items seen this sale, by variant: a line's packs for its unit picker.
  const [itemsByVariant, setItemsByVariant] = useState<ReadonlyMap<string, RegisterItem>>(() => new Map());
  const queue = useRef<Promise<void>>(Promise.resolve());
  const cartRef = useRef(cart);
  const shortcutRef = useRef<(action: RegisterAction) => void>(() => undefined);
  const queryRef = useRef<(text: string, source: 'scan' | 'typed') => void>(() => undefined);
  const dialogOpenRef = useRef(false);
  // From a sale's page (?exchange=T1-000123): that sale opens for a return or an exchange.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedReceipt = searchParams.get('exchange');
  const linkedSale = useSaleByReceipt(linkedReceipt ?? '');

  const pricingResult = pricing.settings ? priceCartState(cart, pricing.settings) : null;
  const limits = pricing.settings?.limits ?? null;
  const priced: PricedCart | null = pricingResult?.priced ?? null;
  const pending = priced ? pendingApprovals(cart, priced) : [];
  const shownReturnSaleId = returnSaleId ?? linkedSale.data?.id ?? null;
  const anyDialogOpen = dialog !== null || editingLineKey !== null || approval !== null || shownReturnSaleId !== null;
  const selectedLine = cart.lines.find((line) => line.key === cart.selectedLineKey) ?? null;
  const context = { registerId: register.id, shiftId: shift.id, customer };

  useEffect(() => {
    cartRef.current = cart;
    dialogOpenRef.current = anyDialogOpen;
  });

  const say = useCallback((tone: Message['tone'], text: string) => setMessage({ tone, text }), []);

  const stockWarning = useCallback(
    (item: RegisterItem, addedStockMilli: number) => {
      if (!pricing.settings || pricing.settings.allowNegativeStock || item.onHandMilli === null) return null;
      const inCart = cartRef.current.lines
        .filter((line) => line.variantId === item.variantId)
        .reduce((sum, line) => sum + Math.round((line.quantityMilli * line.catalog.packSizeMilli) / QUANTITY_SCALE), 0);
      if (inCart + addedStockMilli <= item.onHandMilli) return null;
      const onHand = formatQuantity(item.onHandMilli);
      const name = item.productName;
      return t`Only ${onHand} of ${name} on hand: the sale will be refused unless stock arrives.`;
    },
    [pricing.settings, t],
  );

  const addItem = useCallback(
    (item: RegisterItem, quantityMilli: number) => {
      setItemsByVariant((known) => new Map(known).set(item.variantId, item));
      const catalog = catalogOf(item, null);
      if (!catalog) return;
      const add = { variantId: item.variantId, unitId: null, catalog, quantityMilli };
      const problem = addLineProblem(cartRef.current, add);
      if (problem) {
        say('error', i18n._(CART_PROBLEM_LABELS[problem]));
        return;
      }
      const warning = stockWarning(item, quantityMilli);
      dispatch({ type: 'add_line', ...add });
      const name = [item.productName, item.variantName].filter(Boolean).join(' ');
      if (warning) say('warning', warning);
      else say('info', t`Added ${name}`);
    },
    [i18n, say, stockWarning, t],
  );

  const openReceipt = useCallback(
    async (code: string): Promise<boolean> => {
      try {
        const sale: Sale = await apiRequest(`/api/sales/by-receipt/${encodeURIComponent(code.toUpperCase())}`, { schema: saleSchema });
        setReturnSaleId(sale.id);
        return true;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return false;
        throw error;
      }
    },
    [],
  );

  const runQuery = useCallback(
    async (text: string, source: 'scan' | 'typed') => {
      const parsed = parseScanQuery(text);
      if ('problem' in parsed) {
        say('error', i18n._(SCAN_QUERY_PROBLEM_LABELS[parsed.problem]));
        return;
      }
      const { code, quantityMilli } = parsed;
      setPickList(null);
      try {
        if (quantityMilli === null && RECEIPT_CODE_PATTERN.test(code) && (await openReceipt(code))) {
          setSearch('');
          setMessage(null);
          return;
        }
        let items = await fetchRegisterItems(register.id, { code });
        if (items.length === 0 && source === 'typed') items = await fetchRegisterItems(register.id, { q: code });
        if (items.length === 0) {
          say('error', t`Nothing has the code or name “${code}”: no line was added.`);
          return;
        }
        if (source === 'typed') setSearch('');
        if (items.length === 1) addItem(items[0]!, quantityMilli ?? QUANTITY_SCALE);
        else {
          setPickList({ items, quantityMilli });
          setMessage(null);
        }
      } catch (error) {
        say('error', failureMessage(error, t`The search failed. Try again.`));
      }
    },
    [addItem, i18n, openReceipt, register.id, say, t],
  );

  /** Queries run one after another, so scanned lines land in the order scanned. */
  const enqueueQuery = useCallback(
    (text: string, source: 'scan' | 'typed') => {
      queue.current = queue.current.then(() => runQuery(text, source));
    },
    [runQuery],
  );

  const completeExpress = async () => {
    if (cart.exchange) {
      openPayment();
      return;
    }
    if (!priced || cart.lines.length === 0 || busy) return;
    if (pending.length > 0) {
      say('error', t`A manager must approve this sale’s prices first.`);
      return;
    }
    setBusy(true);
    try {
      const result = await expressCash(cart, priced, context);
      if (result === 'queued') toast.info(t`The network is down: the sale is kept on this till and will be sent when it is back.`);
      else {
        const receiptCode = result.receiptCode;
        toast.success(t`Sale ${receiptCode} completed`);
      }
      dispatch(clearCart());
      setCustomer(null);
      setMessage(null);
    } catch (error) {
      say('error', failureMessage(error, t`The sale was not completed.`));
    } finally {
      setBusy(false);
    }
  };

  const openPayment = () => {
    if (cart.lines.length === 0) {
      say('error', t`Add an item first.`);
      return;
    }
    if (!priced) return;
    if (pending.length > 0) {
      say('error', t`A manager must approve this sale’s prices first.`);
      return;
    }
    setDialog('pay');
  };

  const runShortcut = (action: RegisterAction) => {
    switch (action) {
      case 'search':
        searchRef.current?.focus();
        searchRef.current?.select();
        return;
      case 'customer':
        setDialog('customer');
        return;
      case 'park':
        if (cart.exchange) say('error', t`An exchange cannot be parked: complete or cancel it first.`);
        else setDialog(cart.lines.length > 0 ? 'park' : 'resume');
        return;
      case 'pay':
        openPayment();
        return;
      case 'express_cash':
        void completeExpress();
        return;
      case 'cancel':
        if (pickList) setPickList(null);
        else if (search) setSearch('');
        else setMessage(null);
        return;
      case 'increase_quantity':
        if (selectedLine) dispatch({ type: 'increment', lineKey: selectedLine.key });
        return;
      case 'decrease_quantity':
        if (selectedLine) dispatch({ type: 'decrement', lineKey: selectedLine.key });
        return;
      case 'remove_line':
        if (selectedLine) dispatch({ type: 'remove_line', lineKey: selectedLine.key });
        return;
      case 'help':
        setDialog('help');
        return;
    }
  };

  useEffect(() => {
    shortcutRef.current = runShortcut;
    queryRef.current = enqueueQuery;
  });

  // The page's keys: shortcuts first, everything else through the scanner detector (capture phase,
  // so a scan never lands in the field that has the focus). Dialogs keep their keys to themselves.
  useEffect(() => {
    let burstUntil = -Infinity;
    const detector = new ScannerDetector({
      onScan: (code) => queryRef.current(code, 'scan'),
      onTyped: (text) => {
        const active = document.activeElement;
        if ((active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && isEditableTarget(active)) insertIntoField(active, text);
        else if (searchRef.current) {
          searchRef.current.focus();
          insertIntoField(searchRef.current, text);
        }
      },
    });
    const onKeyDown = (event: KeyboardEvent) => {
      if (dialogOpenRef.current) return;
      const targetIsEditable = isEditableTarget(event.target);
      const keyEvent = { key: event.key, targetIsEditable, isComposing: event.isComposing, ctrlKey: event.ctrlKey, altKey: event.altKey, metaKey: event.metaKey };
      const action = matchShortcut(keyEvent);
      // A "-" or "?" inside a fast burst is part of a code, not a shortcut.
      if (action && ([...event.key].length > 1 || event.timeStamp > burstUntil)) {
        detector.flush();
        event.preventDefault();
        shortcutRef.current(action);
        return;
      }
      if (detector.handleKeyDown({ ...keyEvent, timeStamp: event.timeStamp, repeat: event.repeat }) === 'swallow') {
        event.preventDefault();
        event.stopPropagation();
        burstUntil = event.timeStamp + DEFAULT_SCANNER_OPTIONS.maxKeyGapMs;
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      detector.dispose();
    };
  }, []);

  useEffect(() => {
    searchRef.current?.focus();
  }, []);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    // The field's own value: typing given back by the scanner detector an instant ago may not be in the state yet.
    const text = searchRef.current?.value ?? search;
    if (text.trim()) enqueueQuery(text, 'typed');
  };

  const changeUnit = (line: CartLine, unitId: string | null) => {
    const item = itemsByVariant.get(line.variantId);
    const catalog = item ? catalogOf(item, unitId) : null;
    if (!catalog) return;
    const problem = quantityProblem(catalog, line.quantityMilli);
    if (problem) {
      say('error', i18n._(CART_PROBLEM_LABELS[problem]));
      return;
    }
    dispatch({ type: 'remove_line', lineKey: line.key });
    dispatch({ type: 'add_line', variantId: line.variantId, unitId, catalog, quantityMilli: line.quantityMilli, unitPriceOverrideMinor: null });
  };

  const setQuantity = (line: CartLine, text: string) => {
    const quantityMilli = parseQuantity(text);
    const problem = quantityMilli === null ? 'quantity_not_positive' : quantityProblem(line.catalog, quantityMilli);
    if (problem || quantityMilli === null) {
      say('error', i18n._(CART_PROBLEM_LABELS[problem ?? 'quantity_not_positive']));
      return;
    }
    dispatch({ type: 'set_quantity', lineKey: line.key, quantityMilli });
  };

  const saveLine = (lineKey: string, change: LineChange) => {
    const line = cart.lines.find((candidate) => candidate.key === lineKey);
    if (!line) return;
    // A changed price or discount needs its own approval; an unchanged one keeps the approval it had.
    const samePrice = line.unitPriceOverrideMinor === change.unitPriceOverrideMinor;
    const sameDiscount = JSON.stringify(line.discount) === JSON.stringify(change.discount);
    dispatch({ type: 'set_price_override', lineKey, unitPriceMinor: change.unitPriceOverrideMinor, approvalId: samePrice ? line.priceOverrideApprovalId : null });
    dispatch({ type: 'set_line_discount', lineKey, discount: change.discount, approvalId: sameDiscount ? line.discountApprovalId : null });
    setEditingLineKey(null);
  };

  const approved = (granted: Approval) => {
    if (!approval) return;
    const line = cart.lines.find((candidate) => candidate.key === approval.lineKey);
    if (approval.lineKey === null) dispatch({ type: 'set_cart_discount', discount: cart.cartDiscount, approvalId: granted.id });
    else if (line && approval.action === 'price_override') dispatch({ type: 'set_price_override', lineKey: line.key, unitPriceMinor: line.unitPriceOverrideMinor, approvalId: granted.id });
    else if (line) dispatch({ type: 'set_line_discount', lineKey: line.key, discount: line.discount, approvalId: granted.id });
    setApproval(null);
  };

  const chooseCustomer = (chosen: RegisterCustomer) => {
    setCustomer(chosen);
    dispatch({ type: 'set_customer', customer: cartCustomerOf(chosen) });
    setDialog(null);
  };

  const resume = async (parked: ParkedCart) => {
    const variantIds = [...new Set(parked.cart.lines.map((line) => line.variantId))];
    const items = variantIds.length ? await fetchRegisterItems(register.id, { variantIds }) : [];
    const fetched = new Map(items.map((item) => [item.variantId, item]));
    setItemsByVariant((known) => new Map([...known, ...fetched]));
    const parkedCustomer = parked.cart.customerId ? await fetchRegisterCustomer(parked.cart.customerId) : null;
    const { cart: resumed, missing } = loadParkedCart(parked.cart, {
      saleId: crypto.randomUUID(),
      customer: parkedCustomer ? cartCustomerOf(parkedCustomer) : null,
      catalogFor: (variantId, unitId) => {
        const item = fetched.get(variantId);
        return item ? catalogOf(item, unitId) : null;
      },
    });
    await apiRequest(`/api/parked-carts/${encodeURIComponent(parked.id)}`, { method: 'DELETE' });
    dispatch({ type: 'replace', cart: resumed });
    setCustomer(parkedCustomer);
    setDialog(null);
    const name = parked.name;
    const missingCount = missing.length;
    if (missingCount > 0) say('warning', t`Resumed ${name}: ${missingCount} lines can no longer be sold and were left out.`);
    else say('info', t`Resumed ${name}`);
  };

  /** An exchange's new sale is for the earlier sale's customer (their prices, points and account). */
  const takeCustomerOf = async (customerId: string) => {
    try {
      const found = await fetchRegisterCustomer(customerId);
      setCustomer(found);
      dispatch({ type: 'set_customer', customer: cartCustomerOf(found) });
    } catch (error) {
      say('warning', failureMessage(error, t`The earlier sale’s customer could not be loaded: choose them with F4.`));
    }
  };

  const removeCustomer = () => {
    setCustomer(null);
    dispatch({ type: 'set_customer', customer: null });
  };

  const finishSale = () => {
    dispatch(clearCart());
    setCustomer(null);
    setMessage(null);
    setSaleDone(false);
  };

  /** Closes the return dialog, and forgets the sale a sale's page linked to. */
  const closeReturn = () => {
    setReturnSaleId(null);
    if (linkedReceipt === null) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('exchange');
        return next;
      },
      { replace: true },
    );
  };

  const editingLine = cart.lines.find((line) => line.key === editingLineKey) ?? null;
  const editingIndex = editingLine ? cart.lines.indexOf(editingLine) : -1;

  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-label={t`Cart`} className="grid min-w-0 content-start gap-3">
        <form onSubmit={submitSearch} role="search" className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <SearchIcon aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              ref={searchRef}
              type="search"
              aria-label={t`Search products or a receipt`}
              placeholder={t`Scan, or type a name, SKU, barcode or receipt number (3*code for 3)`}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              autoComplete="off"
              className="h-11 pl-9 text-base"
            />
          </div>
          <Button type="submit" className="h-11">
            <Trans>Find</Trans>
          </Button>
          <ProductGridToggle shown={productGrid.shown} onToggle={productGrid.toggle} />
        </form>
        {linkedSale.isError && (
          <div role="alert" className="flex items-center justify-between gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {failureMessage(linkedSale.error, t`The sale ${linkedReceipt} could not be opened.`)}
            <Button type="button" size="icon" variant="ghost" aria-label={t`Close`} onClick={closeReturn}>
              <XIcon aria-hidden />
            </Button>
          </div>
        )}
        {message && (
          <p
            role={message.tone === 'info' ? 'status' : 'alert'}
            className={cn('rounded-md px-3 py-2 text-sm', message.tone === 'error' ? 'bg-destructive/10 text-destructive' : message.tone === 'warning' ? 'bg-accent text-accent-foreground' : 'bg-muted')}
          >
            {message.text}
          </p>
        )}
        {pickList && (
          <PickList
            items={pickList.items}
            onPick={(item) => {
              addItem(item, pickList.quantityMilli ?? QUANTITY_SCALE);
              setPickList(null);
              searchRef.current?.focus();
            }}
            onClose={() => setPickList(null)}
          />
        )}
        {cart.exchange && <ExchangeCreditPanel exchange={cart.exchange} paying={dialog === 'pay'} onCancel={() => dispatch({ type: 'cancel_exchange' })} />}
        {productGrid.shown && (
          <Suspense fallback={<Spinner label={t`Loading the products…`} />}>
            <ProductGrid registerId={register.id} onPick={(item) => addItem(item, QUANTITY_SCALE)} />
          </Suspense>
        )}
        <CartLines
          cart={cart}
          priced={priced}
          problemLineKey={pricingResult?.problem?.lineKey ?? null}
          itemsByVariant={itemsByVariant}
          onSelect={(lineKey) => dispatch({ type: 'select_line', lineKey })}
          onIncrement={(lineKey) => dispatch({ type: 'increment', lineKey })}
          onDecrement={(lineKey) => dispatch({ type: 'decrement', lineKey })}
          onRemove={(lineKey) => dispatch({ type: 'remove_line', lineKey })}
          onQuantity={setQuantity}
          onUnit={changeUnit}
          onEdit={setEditingLineKey}
        />
      </section>

      <aside aria-label={t`Sale`} className="grid min-w-0 content-start gap-3">
        <CustomerPanel customer={customer} onChoose={() => setDialog('customer')} onRemove={removeCustomer} />
        <section aria-label={t`Totals`} className="grid gap-2 rounded-xl border bg-card p-3">
          {pricing.error ? (
            <LoadError error={pricing.error} what={t`the prices`} onRetry={() => void pricing.refetch()} />
          ) : pricingResult?.problem ? (
            <p role="alert" className="text-sm text-destructive">
              {translateMessage(pricingResult.problem.message, i18n)}
            </p>
          ) : priced ? (
            <>
              <Totals priced={priced} />
              {cart.exchange && <ExchangeTotals totalMinor={priced.totalMinor} creditMinor={cart.exchange.creditMinor} />}
            </>
          ) : (
            <InlineSpinner />
          )}
          <div className="flex flex-wrap gap-2">
            {advancedPos.isEnabled === false ? (
              <>
                <LockedAdjustment label={t`Cart discount`} badge={advancedPos.badge} />
                <LockedAdjustment label={t`Tip`} badge={advancedPos.badge} />
              </>
            ) : (
              <>
                <Button type="button" size="sm" variant="outline" disabled={advancedPos.isEnabled !== true || cart.lines.length === 0} onClick={() => setDialog('cart-discount')}>
                  <Trans>Cart discount</Trans>
                </Button>
                <Button type="button" size="sm" variant="outline" disabled={advancedPos.isEnabled !== true || cart.lines.length === 0} onClick={() => setDialog('tip')}>
                  <Trans>Tip</Trans>
                </Button>
              </>
            )}
          </div>
        </section>
        {pending.length > 0 && limits && (
          <section aria-label={t`Manager approval needed`} className="grid gap-2 rounded-xl border border-destructive/40 p-3">
            <h2 className="text-sm font-semibold">
              <Trans>Manager approval needed</Trans>
            </h2>
            <ul className="grid gap-2">
              {pending.map((entry) => {
                const line = cart.lines.find((candidate) => candidate.key === entry.lineKey);
                const what = line ? line.catalog.productName : t`The cart discount`;
                return (
                  <li key={`${entry.lineKey ?? 'cart'}-${entry.action}`} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span>
                      {what}: {i18n._(APPROVAL_REASON_LABELS[approvalReason(entry.action, limits)])}
                    </span>
                    <Button type="button" size="sm" onClick={() => setApproval(entry)}>
                      <Trans>Ask a manager</Trans>
                    </Button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        <div className="grid grid-cols-2 gap-2">
          <Button type="button" size="lg" className="col-span-2 h-12 text-base" onClick={openPayment} disabled={cart.lines.length === 0 || !priced}>
            <Trans>Pay</Trans> <kbd className="text-xs opacity-80">F9</kbd>
          </Button>
          <Button type="button" variant="secondary" onClick={() => void completeExpress()} disabled={cart.lines.length === 0 || !priced || busy || cart.exchange !== null}>
            {busy && <InlineSpinner />}
            <Trans>Exact cash</Trans> <kbd className="text-xs opacity-80">F12</kbd>
          </Button>
          {cart.lines.length > 0 || cart.exchange ? (
            <Button type="button" variant="outline" onClick={() => setDialog('park')} disabled={cart.exchange !== null}>
              <PauseIcon aria-hidden />
              <Trans>Park</Trans> <kbd className="text-xs opacity-80">F8</kbd>
            </Button>
          ) : (
            <Button type="button" variant="outline" onClick={() => setDialog('resume')}>
              <PlayIcon aria-hidden />
              <Trans>Parked carts</Trans>
            </Button>
          )}
          <Button type="button" variant="ghost" className="col-span-2" onClick={() => setDialog('help')}>
            <HelpCircleIcon aria-hidden />
            <Trans>Keyboard shortcuts</Trans> <kbd className="text-xs opacity-80">F1</kbd>
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          <ShiftLine shift={shift} />
        </p>
      </aside>

      <CustomerDialog open={dialog === 'customer'} onOpenChange={(open) => setDialog(open ? 'customer' : null)} onChosen={chooseCustomer} />
      <ParkDialog
        open={dialog === 'park'}
        onOpenChange={(open) => setDialog(open ? 'park' : null)}
        registerId={register.id}
        content={toParkedCartContent(cart)}
        defaultName={customer?.name ?? ''}
        onParked={(parked) => {
          const name = parked.name;
          finishSale();
          setDialog(null);
          say('info', t`Parked ${name}`);
        }}
      />
      <ResumeDialog open={dialog === 'resume'} onOpenChange={(open) => setDialog(open ? 'resume' : null)} registerId={register.id} canResume={cart.lines.length === 0 && cart.exchange === null} onResume={resume} />
      <ShortcutHelpDialog open={dialog === 'help'} onOpenChange={(open) => setDialog(open ? 'help' : null)} />
      <CartAdjustDialog
        kind={dialog === 'tip' || dialog === 'cart-discount' ? dialog : null}
        cart={cart}
        limits={limits}
        onOpenChange={() => setDialog(null)}
        onDiscount={(discount) => {
          dispatch({ type: 'set_cart_discount', discount, approvalId: null });
          setDialog(null);
        }}
        onTip={(tipMinor) => {
          dispatch({ type: 'set_tip', tipMinor });
          setDialog(null);
        }}
      />
      {limits && (
        <LineDialog
          line={editingLine}
          priced={editingIndex >= 0 ? (priced?.lines[editingIndex] ?? null) : null}
          limits={limits}
          onOpenChange={(open) => !open && setEditingLineKey(null)}
          onSave={saveLine}
        />
      )}
      {approval && limits && (
        <ApprovalDialog
          open
          onOpenChange={(open) => !open && setApproval(null)}
          action={approval.action satisfies ApprovalAction}
          whatLabel={APPROVAL_REASON_LABELS[approvalReason(approval.action, limits)]}
          details={approvalDetails(cart, approval, priced)}
          registerId={register.id}
          onApproved={approved}
        />
      )}
      {priced && (
        <Suspense fallback={null}>
          <PaymentDialog
            open={dialog === 'pay'}
            onOpenChange={(open) => {
              if (open) return;
              setDialog(null);
              if (saleDone) finishSale();
            }}
            cart={cart}
            priced={priced}
            context={context}
            dispatch={dispatch}
            onCompleted={() => setSaleDone(true)}
            onQueued={() => setSaleDone(true)}
          />
        </Suspense>
      )}
      {shownReturnSaleId && (
        <Suspense fallback={null}>
          <ReturnDialog
            open
            onOpenChange={(open) => !open && closeReturn()}
            saleId={shownReturnSaleId}
            registerId={register.id}
            shiftId={shift.id}
            onReturned={(saleReturn) => {
              const code = saleReturn.returnCode;
              closeReturn();
              say('info', t`Return ${code} recorded`);
            }}
            onExchange={
              cart.exchange?.attempt
                ? undefined
                : (credit) => {
                    const code = credit.receiptCode;
                    dispatch({ type: 'start_exchange', exchange: credit });
                    closeReturn();
                    if (credit.customerId !== null && customer === null) void takeCustomerOf(credit.customerId);
                    say('info', t`Exchange for ${code}: add the new items, then Pay.`);
                    searchRef.current?.focus();
                  }
            }
          />
        </Suspense>
      )}
    </div>
  );
}

function approvalDetails(cart: CartState, pending: PendingApproval, priced: PricedCart | null): Record<string, string | number | boolean | null> {
  const index = cart.lines.findIndex((line) => line.key === pending.lineKey);
  const line = cart.lines[index];
  if (!line) return { cartDiscountMinor: priced?.cartDiscountMinor ?? null, subtotalMinor: priced?.subtotalMinor ?? null };
  const pricedLine = priced?.lines[index];
  return {
    product: [line.catalog.productName, line.catalog.variantName].filter(Boolean).join(' '),
    quantity: formatQuantity(line.quantityMilli),
    listPriceMinor: pricedLine?.listPriceMinor ?? null,
    unitPriceMinor: pricedLine?.unitPriceMinor ?? null,
    lineDiscountMinor: pricedLine?.lineDiscountMinor ?? null,
  };
}

function ShiftLine({ shift }: { shift: Shift }) {
  const { formatDateTime } = useDateFormat();
  const opener = shift.openedByName ?? '';
  const time = formatDateTime(shift.openedAt);
  return (
    <Trans>
      Shift opened {time} by {opener}
    </Trans>
  );
}

function LockedAdjustment({ label, badge }: { label: string; badge: string }) {
  const { i18n } = useLinguiRuntime();
  return (
    <Link
      to={BILLING_PATH}
      data-locked=""
      title={translateMessage(upgradeMessage('advanced_pos'), i18n)}
      className="inline-flex h-8 items-center gap-1.5 rounded-md border px-3 text-sm text-muted-foreground hover:bg-accent"
    >
      <LockIcon aria-hidden className="size-3.5" />
      {label}
      <span className="sr-only">{translateMessage(upgradeMessage('advanced_pos'), i18n)}</span>
      <Badge variant="accent">{badge}</Badge>
    </Link>
  );
}

function PickList({ items, onPick, onClose }: { items: RegisterItem[]; onPick: (item: RegisterItem) => void; onClose: () => void }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <section aria-label={t`Several items match`} className="grid gap-2 rounded-xl border bg-card p-2">
      <div className="flex items-center justify-between gap-2 px-1">
        <h2 className="text-sm font-semibold">
          <Trans>Several items match: choose one</Trans>
        </h2>
        <Button type="button" size="icon" variant="ghost" onClick={onClose} aria-label={t`Close the list`}>
          <XIcon aria-hidden />
        </Button>
      </div>
      <ul className="grid max-h-72 gap-1 overflow-y-auto">
        {items.map((item, index) => (
          <li key={item.variantId}>
            <button
              ref={index === 0 ? first : undefined}
              type="button"
              onClick={() => onPick(item)}
              onKeyDown={(event) => {
                const sibling = (event.currentTarget.parentElement?.[event.key === 'ArrowDown' ? 'nextElementSibling' : 'previousElementSibling'] as HTMLElement | null)?.querySelector('button');
                if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && sibling) {
                  event.preventDefault();
                  sibling.focus();
                }
              }}
              className="flex w-full flex-wrap items-baseline justify-between gap-2 rounded-md px-3 py-2 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
            >
              <span className="font-medium">
                {item.productName}
                {item.variantName && <span className="text-muted-foreground"> · {item.variantName}</span>}
              </span>
              <span className="text-sm tabular-nums">{money(item.sellingPriceMinor)}</span>
              <span className="w-full text-xs text-muted-foreground">
                {item.sku}
                {item.onHandMilli !== null && ` · ${t`On hand`} ${formatQuantity(item.onHandMilli)}`}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CartLines({
  cart,
  priced,
  problemLineKey,
  itemsByVariant,
  onSelect,
  onIncrement,
  onDecrement,
  onRemove,
  onQuantity,
  onUnit,
  onEdit,
}: {
  cart: CartState;
  priced: PricedCart | null;
  problemLineKey: string | null;
  itemsByVariant: ReadonlyMap<string, RegisterItem>;
  onSelect: (lineKey: string) => void;
  onIncrement: (lineKey: string) => void;
  onDecrement: (lineKey: string) => void;
  onRemove: (lineKey: string) => void;
  onQuantity: (line: CartLine, text: string) => void;
  onUnit: (line: CartLine, unitId: string | null) => void;
  onEdit: (lineKey: string) => void;
}) {
  const { t } = useLingui();
  const { money } = useMoney();
  if (cart.lines.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
        <Trans>Scan an item or search to start a sale.</Trans>
      </p>
    );
  }
  return (
    <ul aria-label={t`Cart lines`} className="grid gap-2">
      {cart.lines.map((line, index) => {
        const pricedLine = priced?.lines[index];
        const item = itemsByVariant.get(line.variantId);
        const name = [line.catalog.productName, line.catalog.variantName].filter(Boolean).join(' · ');
        const selected = line.key === cart.selectedLineKey;
        const units = item && item.unit && item.packs.length > 0 ? [{ unitId: null as string | null, name: item.unit.name }, ...item.packs.map((pack) => ({ unitId: pack.unitId as string | null, name: pack.name }))] : null;
        return (
          <li
            key={line.key}
            aria-label={name}
            aria-current={selected ? 'true' : undefined}
            onClick={() => onSelect(line.key)}
            onFocus={() => onSelect(line.key)}
            className={cn('grid gap-2 rounded-xl border bg-card p-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center', selected && 'ring-2 ring-ring/60', problemLineKey === line.key && 'border-destructive')}
          >
            <div className="min-w-0">
              <p className="truncate font-medium">{name}</p>
              <p className="text-xs text-muted-foreground">
                {line.catalog.sku}
                {line.catalog.onHandMilli !== null && (
                  <>
                    {' · '}
                    <Trans>On hand {formatQuantity(line.catalog.onHandMilli)}</Trans>
                  </>
                )}
                {pricedLine && (
                  <>
                    {' · '}
                    {money(pricedLine.unitPriceMinor)}
                    {pricedLine.priceOverridden && (
                      <>
                        {' '}
                        <Badge variant="outline">
                          <Trans>price changed</Trans>
                        </Badge>
                      </>
                    )}
                    {pricedLine.lineDiscountMinor > 0 && ` · −${money(pricedLine.lineDiscountMinor)}`}
                  </>
                )}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-1">
              <Button type="button" size="icon" variant="outline" aria-label={t`One less of ${name}`} onClick={() => onDecrement(line.key)}>
                <MinusIcon aria-hidden />
              </Button>
              <QuantityInput line={line} label={t`Quantity of ${name}`} onCommit={(text) => onQuantity(line, text)} />
              <Button type="button" size="icon" variant="outline" aria-label={t`One more of ${name}`} onClick={() => onIncrement(line.key)}>
                <PlusIcon aria-hidden />
              </Button>
              {units ? (
                <NativeSelect aria-label={t`Unit of ${name}`} value={line.unitId ?? ''} onChange={(event) => onUnit(line, event.target.value || null)} className="h-9 w-auto">
                  {units.map((unit) => (
                    <option key={unit.unitId ?? ''} value={unit.unitId ?? ''}>
                      {unit.name}
                    </option>
                  ))}
                </NativeSelect>
              ) : (
                line.catalog.unitName && <span className="px-1 text-sm text-muted-foreground">{line.catalog.unitName}</span>
              )}
            </div>
            <div className="flex items-center justify-between gap-1 sm:justify-end">
              <span className="min-w-24 text-right font-semibold tabular-nums" data-testid="line-total">
                {pricedLine ? money(pricedLine.totalMinor) : ''}
              </span>
              <Button type="button" size="icon" variant="ghost" aria-label={t`Price or discount of ${name}`} onClick={() => onEdit(line.key)}>
                <PencilIcon aria-hidden />
              </Button>
              <Button type="button" size="icon" variant="ghost" aria-label={t`Remove ${name}`} onClick={() => onRemove(line.key)}>
                <Trash2Icon aria-hidden />
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function QuantityInput({ line, label, onCommit }: { line: CartLine; label: string; onCommit: (text: string) => void }) {
  const shown = formatQuantity(line.quantityMilli);
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  return (
    <Input
      aria-label={label}
      inputMode={line.catalog.allowsDecimals ? 'decimal' : 'numeric'}
      className="h-9 w-20 text-center tabular-nums"
      value={editing ? text : shown}
      onFocus={() => {
        setText(shown);
        setEditing(true);
      }}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        setEditing(false);
        if (text !== shown) onCommit(text);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          event.currentTarget.blur();
        }
      }}
    />
  );
}

function Totals({ priced }: { priced: PricedCart }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const bands = Object.entries(priced.taxBands).sort(([a], [b]) => a.localeCompare(b));
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
      <dt>
        <Trans>Subtotal</Trans>
      </dt>
      <dd className="text-right tabular-nums">{money(priced.subtotalMinor)}</dd>
      {priced.discountMinor > 0 && (
        <>
          <dt>
            <Trans>Discounts</Trans>
          </dt>
          <dd className="text-right tabular-nums">−{money(priced.discountMinor)}</dd>
        </>
      )}
      {priced.tipMinor > 0 && (
        <>
          <dt>
            <Trans>Tip</Trans>
          </dt>
          <dd className="text-right tabular-nums">{money(priced.tipMinor)}</dd>
        </>
      )}
      {bands.map(([band, figures]) => {
        const rate = String(figures.rateBp / 100);
        return (
          <div key={band} className="contents text-muted-foreground">
            <dt>{figures.rateBp > 0 ? t`VAT ${band} (${rate}%)` : band === 'A' ? t`VAT A (exempt)` : t`VAT ${band} (0%)`}</dt>
            <dd className="text-right tabular-nums">{money(figures.taxMinor)}</dd>
          </div>
        );
      })}
      <dt className="text-lg font-semibold">
        <Trans>Total</Trans>
      </dt>
      <dd className="text-right text-lg font-semibold tabular-nums" aria-label={t`Total to pay`} data-testid="register-total">
        {money(priced.totalMinor)}
      </dd>
    </dl>
  );
}

function CustomerPanel({ customer, onChoose, onRemove }: { customer: RegisterCustomer | null; onChoose: () => void; onRemove: () => void }) {
  const { t } = useLingui();
  const { money } = useMoney();
  if (!customer) {
    return (
      <Button type="button" variant="outline" className="justify-start" onClick={onChoose}>
        <UserIcon aria-hidden />
        <Trans>Walk-in customer: choose a customer</Trans> <kbd className="ml-auto text-xs opacity-70">F4</kbd>
      </Button>
    );
  }
  const balance = money(customer.balanceMinor);
  const limit = money(customer.creditLimitMinor);
  const points = customer.loyaltyPoints;
  return (
    <section aria-label={t`Customer`} className="grid gap-1 rounded-xl border bg-card p-3 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold">{customer.name}</span>
        <div className="flex gap-1">
          <Button type="button" size="sm" variant="ghost" onClick={onChoose}>
            <Trans>Change</Trans>
          </Button>
          <Button type="button" size="icon" variant="ghost" onClick={onRemove} aria-label={t`Remove the customer`}>
            <XIcon aria-hidden />
          </Button>
        </div>
      </div>
      {customer.groupName && (
        <p className="text-muted-foreground">
          <Trans>Group: {customer.groupName}</Trans>
        </p>
      )}
      <p>
        <Trans>
          Balance {balance} · limit {limit} · {points} points
        </Trans>
      </p>
    </section>
  );
}

function CartAdjustDialog({
  kind,
  cart,
  limits,
  onOpenChange,
  onDiscount,
  onTip,
}: {
  kind: 'tip' | 'cart-discount' | null;
  cart: CartState;
  limits: SellerLimits | null;
  onOpenChange: (open: boolean) => void;
  onDiscount: (discount: Discount | null) => void;
  onTip: (tipMinor: number) => void;
}) {
  return (
    <Dialog open={kind !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        {kind && <CartAdjustForm key={kind} kind={kind} cart={cart} limits={limits} onDiscount={onDiscount} onTip={onTip} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CartAdjustForm({
  kind,
  cart,
  limits,
  onDiscount,
  onTip,
  onCancel,
}: {
  kind: 'tip' | 'cart-discount';
  cart: CartState;
  limits: SellerLimits | null;
  onDiscount: (discount: Discount | null) => void;
  onTip: (tipMinor: number) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [discount, setDiscount] = useState<DiscountText>(discountText(cart.cartDiscount));
  const [tip, setTip] = useState(cart.tipMinor > 0 ? formatMoneyPlain(cart.tipMinor) : '');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'tip') {
      const tipMinor = tip.trim() ? parseMoney(tip) : 0;
      if (tipMinor === null || tipMinor < 0) {
        setError(t`Enter an amount such as 50 or 50.00`);
        return;
      }
      onTip(tipMinor);
      return;
    }
    const parsed = parseDiscount(discount);
    if (parsed === 'invalid') {
      setError(t`Enter a percentage up to 100, or an amount`);
      return;
    }
    onDiscount(parsed);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{kind === 'tip' ? <Trans>Tip</Trans> : <Trans>Cart discount</Trans>}</DialogTitle>
        <DialogDescription>
          {kind === 'tip' ? (
            <Trans>Added to the total; it carries no VAT.</Trans>
          ) : (
            <>
              <Trans>Shared over the lines.</Trans> {limits && <DiscountLimitNote limits={limits} />}
            </>
          )}
        </DialogDescription>
      </DialogHeader>
      {kind === 'tip' ? (
        <FormField id="cart-tip" label={t`Tip amount`} error={error}>
          <Input autoFocus inputMode="decimal" value={tip} onChange={(event) => setTip(event.target.value)} {...fieldControlProps('cart-tip', { error })} />
        </FormField>
      ) : (
        <DiscountFields id="cart-discount" label={t`Discount on the sale`} value={discount} onChange={setDiscount} error={error} />
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit">
          <Trans>Apply</Trans>
        </Button>
      </DialogFooter>
    </form>
  );
}
