import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeftIcon, ArrowRightLeftIcon, BanIcon, FileTextIcon, MailIcon, PrinterIcon, Undo2Icon } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatQuantity } from '../../core/products/quantity.rules';
import { TENDER_LABELS, type Sale } from '../../core/sales/sales.schemas';
import { useMoney } from '../accounts/use-money';
import { useSignedInUser } from '../auth/auth-provider';
import { LazyReceiptMessageActions } from '../communications/lazy-receipt-message-actions';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { InlineSpinner } from '../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { Textarea } from '../components/ui/textarea';
import { translateMessage } from '../i18n/translate-message';
import { MOVEMENT_KIND_LABELS } from '../inventory/inventory-labels';
import { DetailSkeleton, LoadError, SignedQuantity } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { APPROVAL_ACTION_LABELS } from '../register/approval-dialog';
import { useBusinessSettings } from '../settings/settings.api';
import { useRegisters, useSalesSettings } from '../shifts/shifts.api';
import { hasInvoice, SaleInvoice, SaleReceipt } from './receipt';
import { ReturnDialog } from './return-dialog';
import { MOVEMENT_SOURCE_LABELS, SaleStatusBadge } from './sales-labels';
import { emailReceipt, useRefreshSales, useSale, useSaleActivity, voidSale } from './sales.api';

// A sale's page (issue 15): what was sold and how it was paid, its returns, the stock it moved and
// the approvals it used; the receipt (a reprint says COPY) or the A4 invoice to print, the receipt
// by e-mail, SMS or WhatsApp, a return, and a void for managers. ?print=invoice shows the invoice instead of the receipt.

const HISTORY_PATH = '/admin/sales?tab=history';

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SalePage() {
  const { t } = useLingui();
  const { saleId = '' } = useParams();
  const sale = useSale(saleId);
  const code = sale.data?.receiptCode ?? '';
  useDocumentTitle(code ? t`Sale ${code}` : t`Sale`);
  if (sale.isPending) return <DetailSkeleton label={t`Loading the sale`} />;
  if (sale.isError) return <LoadError error={sale.error} what={t`the sale`} onRetry={() => void sale.refetch()} />;
  return <SaleDetail sale={sale.data} />;
}

function SaleDetail({ sale }: { sale: Sale }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  const { permissions } = useSignedInUser();
  const settings = useBusinessSettings();
  const salesSettings = useSalesSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const showInvoice = searchParams.get('print') === 'invoice' && hasInvoice(sale);
  const [emailOpen, setEmailOpen] = useState(false);
  const [voidOpen, setVoidOpen] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);
  const registers = useRegisters();
  // The refund comes out of a register with an open shift: the sale's own, else one at its location, else any.
  const open = (registers.data?.items ?? []).filter((register) => register.openShift);
  const returnRegister = open.find((register) => register.id === sale.registerId) ?? open.find((register) => register.locationId === sale.locationId) ?? open[0];
  // What the person's role allows (issue 20): the server refuses the same.
  const mayVoid = permissions.includes('sales.void');
  const canReturn = permissions.includes('sales.refund') && sale.status !== 'voided' && sale.status !== 'returned';
  const code = sale.receiptCode;
  const when = formatDateTime(sale.createdAt);

  const choosePrint = (document: 'receipt' | 'invoice') =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (document === 'invoice') next.set('print', 'invoice');
        else next.delete('print');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-2 print:hidden">
        <Link to={HISTORY_PATH} className="inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
          <ArrowLeftIcon aria-hidden className="size-4" />
          <Trans>Sales history</Trans>
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold sm:text-3xl">
            <Trans>Sale {code}</Trans>
          </h1>
          <SaleStatusBadge status={sale.status} />
          {sale.isLate && (
            <span className="text-sm text-muted-foreground">
              <Trans>Reached the server after its shift closed</Trans>
            </span>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          <Trans>
            {when} · {sale.registerName}, {sale.locationName}
          </Trans>
          {sale.cashierName && <> · {sale.cashierName}</>}
        </p>
        {sale.status === 'voided' && sale.voidReason && (
          <p className="text-sm text-destructive">
            <Trans>Voided: {sale.voidReason}</Trans>
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => {
              choosePrint('receipt');
              // The receipt is drawn before the dialog opens (the next frame).
              requestAnimationFrame(() => window.print());
            }}
          >
            <PrinterIcon aria-hidden />
            <Trans>Reprint receipt</Trans>
          </Button>
          {hasInvoice(sale) && (
            <Button
              variant="outline"
              onClick={() => {
                choosePrint('invoice');
                requestAnimationFrame(() => window.print());
              }}
            >
              <FileTextIcon aria-hidden />
              <Trans>Print A4 invoice</Trans>
            </Button>
          )}
          <Button variant="outline" onClick={() => setEmailOpen(true)}>
            <MailIcon aria-hidden />
            <Trans>E-mail receipt</Trans>
          </Button>
          <LazyReceiptMessageActions sale={sale} />
          {canReturn && (
            <Button variant="outline" asChild>
              <Link to={`/admin/sales?tab=new-sale&exchange=${encodeURIComponent(code)}`}>
                <ArrowRightLeftIcon aria-hidden />
                <Trans>Exchange at the register</Trans>
              </Link>
            </Button>
          )}
          {canReturn &&
            (returnRegister?.openShift ? (
              <Button variant="outline" onClick={() => setReturnOpen(true)}>
                <Undo2Icon aria-hidden />
                <Trans>Return items</Trans>
              </Button>
            ) : (
              registers.data && (
                <p className="self-center text-sm text-muted-foreground">
                  <Trans>
                    To take a return, <Link to="/admin/sales?tab=new-sale" className="text-primary underline-offset-4 hover:underline">open a shift</Link> on a register.
                  </Trans>
                </p>
              )
            ))}
          {mayVoid && sale.status === 'completed' && (
            <Button variant="destructive" onClick={() => setVoidOpen(true)}>
              <BanIcon aria-hidden />
              <Trans>Void sale</Trans>
            </Button>
          )}
        </div>
      </div>

      <div className="grid min-w-0 gap-6 xl:grid-cols-[minmax(0,1fr)_auto]">
        <div className="grid min-w-0 content-start gap-6 print:hidden">
          <Section title={t`Items`}>
            <div className="overflow-x-auto rounded-xl border bg-card">
              <Table aria-label={t`Items`}>
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead className="pl-4">
                      <Trans>Product</Trans>
                    </TableHead>
                    <TableHead className="text-right">
                      <Trans>Quantity</Trans>
                    </TableHead>
                    <TableHead className="text-right">
                      <Trans>Returned</Trans>
                    </TableHead>
                    <TableHead className="text-right">
                      <Trans>Price</Trans>
                    </TableHead>
                    <TableHead className="text-right">
                      <Trans>Discount</Trans>
                    </TableHead>
                    <TableHead className="pr-4 text-right">
                      <Trans>Total</Trans>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {sale.lines.map((line) => (
                    <TableRow key={line.id}>
                      <TableCell className="pl-4">
                        <span className="font-medium">{line.productName}</span>
                        {line.variantName && line.variantName !== line.productName && <span className="text-muted-foreground"> {line.variantName}</span>}
                        <span className="block text-xs text-muted-foreground">
                          {line.sku} · <Trans>VAT {line.taxBand}</Trans>
                        </span>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatQuantity(line.quantityMilli)} {line.unitName ?? ''}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{line.returnedQuantityMilli > 0 ? formatQuantity(line.returnedQuantityMilli) : '—'}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {money(line.unitPriceMinor)}
                        {line.priceOverridden && (
                          <span className="block text-xs text-muted-foreground">
                            <Trans>list {money(line.listPriceMinor)}</Trans>
                          </span>
                        )}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {line.lineDiscountMinor + line.cartDiscountShareMinor > 0 ? money(line.lineDiscountMinor + line.cartDiscountShareMinor) : '—'}
                      </TableCell>
                      <TableCell className="pr-4 text-right font-medium tabular-nums">{money(line.totalMinor)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <dl className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              {sale.discountMinor > 0 && (
                <>
                  <dt>
                    <Trans>Discounts</Trans>
                  </dt>
                  <dd className="text-right tabular-nums">{money(-sale.discountMinor)}</dd>
                </>
              )}
              {sale.tipMinor > 0 && (
                <>
                  <dt>
                    <Trans>Tip</Trans>
                  </dt>
                  <dd className="text-right tabular-nums">{money(sale.tipMinor)}</dd>
                </>
              )}
              <dt className="font-semibold">
                <Trans>Total</Trans>
              </dt>
              <dd className="text-right font-semibold tabular-nums">{money(sale.totalMinor)}</dd>
              <dt className="text-muted-foreground">
                <Trans>of which VAT</Trans>
              </dt>
              <dd className="text-right text-muted-foreground tabular-nums">{money(sale.taxMinor)}</dd>
            </dl>
          </Section>

          <Section title={t`Payments`}>
            <ul className="grid gap-1 rounded-xl border bg-card p-4 text-sm">
              {sale.payments.map((payment, index) => (
                <li key={index} className="flex flex-wrap justify-between gap-2">
                  <span>
                    {translateMessage(TENDER_LABELS[payment.tender], i18n)}
                    {payment.reference && <span className="font-mono text-muted-foreground"> {payment.reference}</span>}
                    {payment.tenderedMinor !== null && payment.tenderedMinor !== payment.amountMinor && (
                      <span className="text-muted-foreground">
                        {' '}
                        <Trans>(handed over {money(payment.tenderedMinor)})</Trans>
                      </span>
                    )}
                  </span>
                  <span className="tabular-nums">{money(payment.amountMinor)}</span>
                </li>
              ))}
              {sale.changeMinor > 0 && (
                <li className="flex justify-between gap-2 font-medium">
                  <span>
                    <Trans>Change given</Trans>
                  </span>
                  <span className="tabular-nums">{money(sale.changeMinor)}</span>
                </li>
              )}
              {sale.customer && (
                <li className="mt-2 flex flex-wrap justify-between gap-2 border-t pt-2">
                  <span>
                    <Trans>Customer</Trans>{' '}
                    <Link to={`/admin/customers/${encodeURIComponent(sale.customer.id)}`} className="text-primary underline-offset-4 hover:underline">
                      {sale.customer.name}
                    </Link>
                  </span>
                  {sale.customerBalanceMinor !== null && (
                    <span className="tabular-nums">
                      <Trans>balance owed after the sale {money(sale.customerBalanceMinor)}</Trans>
                    </span>
                  )}
                </li>
              )}
              {sale.loyaltyPointsEarned > 0 && (
                <li className="text-muted-foreground">
                  <Trans>{sale.loyaltyPointsEarned} loyalty points earned</Trans>
                </li>
              )}
            </ul>
          </Section>

          <Section title={t`Returns`}>
            {sale.returns.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>Nothing has been returned.</Trans>
              </p>
            ) : (
              <ul className="grid gap-1 rounded-xl border bg-card p-4 text-sm" aria-label={t`Returns`}>
                {sale.returns.map((saleReturn) => (
                  <li key={saleReturn.id} className="flex flex-wrap justify-between gap-2">
                    <span>
                      <span className="font-mono">{saleReturn.returnCode}</span> · {formatDateTime(saleReturn.createdAt)}
                    </span>
                    <span className="tabular-nums">{money(saleReturn.totalMinor)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <SaleActivitySections saleId={sale.id} />
        </div>

        <aside className="grid content-start justify-items-center gap-2" aria-label={t`Printable document`}>
          {hasInvoice(sale) && (
            <div className="flex gap-2 print:hidden" role="group" aria-label={t`Document to show`}>
              <Button size="sm" variant={showInvoice ? 'outline' : 'secondary'} aria-pressed={!showInvoice} onClick={() => choosePrint('receipt')}>
                <Trans>Receipt</Trans>
              </Button>
              <Button size="sm" variant={showInvoice ? 'secondary' : 'outline'} aria-pressed={showInvoice} onClick={() => choosePrint('invoice')}>
                <Trans>A4 invoice</Trans>
              </Button>
            </div>
          )}
          {settings.data &&
            (showInvoice ? (
              <SaleInvoice sale={sale} shop={settings.data} copy />
            ) : (
              <SaleReceipt sale={sale} shop={settings.data} widthMm={salesSettings.data?.receiptWidthMm ?? 80} copy />
            ))}
        </aside>
      </div>

      <EmailReceiptDialog open={emailOpen} onOpenChange={setEmailOpen} sale={sale} />
      {mayVoid && <VoidSaleDialog open={voidOpen} onOpenChange={setVoidOpen} sale={sale} />}
      {returnRegister?.openShift && (
        <ReturnDialog
          open={returnOpen}
          onOpenChange={setReturnOpen}
          saleId={sale.id}
          registerId={returnRegister.id}
          shiftId={returnRegister.openShift.id}
          onReturned={(saleReturn) => {
            const returnCode = saleReturn.returnCode;
            toast.success(t`Return ${returnCode} made`);
          }}
        />
      )}
    </div>
  );
}

function SaleActivitySections({ saleId }: { saleId: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { formatDateTime } = useDateFormat();
  const activity = useSaleActivity(saleId);
  if (activity.isPending) return <DetailSkeleton label={t`Loading stock movements and approvals`} />;
  if (activity.isError) return <LoadError error={activity.error} what={t`the stock movements and approvals`} onRetry={() => void activity.refetch()} />;
  const { movements, approvals } = activity.data;
  return (
    <>
      <Section title={t`Stock movements`}>
        {movements.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>This sale moved no stock (the products are not tracked).</Trans>
          </p>
        ) : (
          <div className="overflow-x-auto rounded-xl border bg-card">
            <Table aria-label={t`Stock movements`}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="pl-4">
                    <Trans>When</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Document</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Product</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Movement</Trans>
                  </TableHead>
                  <TableHead className="text-right">
                    <Trans>Change</Trans>
                  </TableHead>
                  <TableHead className="pr-4 text-right">
                    <Trans>On hand after</Trans>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {movements.map((movement) => (
                  <TableRow key={movement.id}>
                    <TableCell className="pl-4 whitespace-nowrap">{formatDateTime(movement.at)}</TableCell>
                    <TableCell>
                      {i18n._(MOVEMENT_SOURCE_LABELS[movement.sourceType])} <span className="font-mono">{movement.documentCode}</span>
                    </TableCell>
                    <TableCell>
                      {movement.productName}
                      <span className="block text-xs text-muted-foreground">{movement.locationName}</span>
                    </TableCell>
                    <TableCell>{movement.kind in MOVEMENT_KIND_LABELS ? i18n._(MOVEMENT_KIND_LABELS[movement.kind as keyof typeof MOVEMENT_KIND_LABELS]) : movement.kind}</TableCell>
                    <TableCell className="text-right">
                      <SignedQuantity milli={movement.quantityMilli} />
                    </TableCell>
                    <TableCell className="pr-4 text-right tabular-nums">{formatQuantity(movement.balanceAfterMilli)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </Section>
      <Section title={t`Approvals`}>
        {approvals.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No manager approval was needed.</Trans>
          </p>
        ) : (
          <ul className="grid gap-2 rounded-xl border bg-card p-4 text-sm" aria-label={t`Approvals`}>
            {approvals.map((approval) => {
              const approver = approval.approverName ?? t`a former member`;
              const what = i18n._(APPROVAL_ACTION_LABELS[approval.action]);
              return (
                <li key={approval.id} className="grid gap-0.5">
                  <span className="font-medium">{what}</span>
                  <span className="text-muted-foreground">
                    <Trans>
                      Approved by {approver} on {formatDateTime(approval.at)}
                    </Trans>
                    {approval.method === 'pin' ? <> · {t`with their PIN`}</> : <> · {t`with their password`}</>}
                    {approval.documentCode && <> · {approval.documentCode}</>}
                  </span>
                  {approval.reason && <span>{approval.reason}</span>}
                </li>
              );
            })}
          </ul>
        )}
      </Section>
    </>
  );
}

function EmailReceiptDialog({ open, onOpenChange, sale }: { open: boolean; onOpenChange: (open: boolean) => void; sale: Sale }) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationKey: ['sales', 'email'],
    mutationFn: (address: string) => emailReceipt(sale.id, address),
    onSuccess: (result) => {
      const to = result.sentTo;
      toast.success(t`Receipt sent to ${to}`);
      setEmail('');
      onOpenChange(false);
    },
    onError: (failure) => setError(failureMessage(failure, t`The receipt was not sent. Try again.`, 'email')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setError(t`Enter an e-mail address`);
    setError(undefined);
    send.mutate(email.trim());
  };
  const code = sale.receiptCode;
  return (
    <Dialog open={open} onOpenChange={(next) => !send.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t`E-mail receipt`}>
          <DialogHeader>
            <DialogTitle>
              <Trans>E-mail receipt {code}</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>The customer gets the receipt in their language.</Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="receipt-email" label={t`Customer’s e-mail`} error={error}>
            <Input {...fieldControlProps('receipt-email', { error })} type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending && <InlineSpinner />}
              <Trans>Send receipt</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function VoidSaleDialog({ open, onOpenChange, sale }: { open: boolean; onOpenChange: (open: boolean) => void; sale: Sale }) {
  const { t } = useLingui();
  const refresh = useRefreshSales();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = useMutation({
    mutationKey: ['sales', 'void'],
    mutationFn: () => voidSale(sale.id, reason.trim()),
    onSuccess: async () => {
      await refresh();
      const code = sale.receiptCode;
      toast.success(t`Sale ${code} voided`);
      onOpenChange(false);
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.fields?.reason) setError(failure.fieldMessage('reason'));
      setRefusal(failureMessage(failure, t`The sale was not voided. Try again.`));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (reason.trim().length < 3) return setError(t`Say why (at least 3 characters)`);
    setError(undefined);
    run.mutate();
  };
  const code = sale.receiptCode;
  return (
    <Dialog open={open} onOpenChange={(next) => !run.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t`Void sale`}>
          <DialogHeader>
            <DialogTitle>
              <Trans>Void sale {code}</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Everything is reversed: stock back, the account charge, points and gift card. Only a sale of a shift still open can be voided.</Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="void-reason" label={t`Reason`} error={error}>
            <Textarea {...fieldControlProps('void-reason', { error })} rows={2} maxLength={200} value={reason} onChange={(event) => setReason(event.target.value)} />
          </FormField>
          {refusal && (
            <p role="alert" className="text-sm text-destructive">
              {refusal}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" variant="destructive" disabled={run.isPending}>
              {run.isPending && <InlineSpinner />}
              <Trans>Void sale</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

