import type { z } from 'zod';
import type { exchangeInputSchema, refundInputSchema, ReturnDisposition, ReturnReason, Sale } from '../../core/sales/sales.schemas';
import { returnAmountMinor } from '../sales/return-amount';

// An exchange at the register (issue 15): goods of an earlier sale come back as a credit at the
// top of the cart, new goods are rung up as usual, and the difference is paid or refunded. The
// return and the new sale are one request (POST /api/sale-exchanges): the server writes both in
// one transaction, and a retry under the same return id answers the first result.

export type ExchangeBody = z.input<typeof exchangeInputSchema>;
export type RefundInput = z.input<typeof refundInputSchema>;

/** A line of the earlier sale coming back. */
export interface ExchangeReturnLine {
  saleLineId: string;
  /** The product as the sale named it (shown in the cart). */
  name: string;
  quantityMilli: number;
  disposition: ReturnDisposition;
  /** What it credits, as the server prices a return (the line's share of its total). */
  amountMinor: number;
}

/** The return side of an exchange, held by the cart until the exchange is made or cancelled. */
export interface ExchangeCredit {
  /** The return's id: made when the exchange starts and sent with every attempt (exactly once). */
  returnId: string;
  saleId: string;
  receiptCode: string;
  /** The earlier sale's customer: the new sale is theirs too unless the cashier chose another. */
  customerId: string | null;
  lines: ExchangeReturnLine[];
  reason: ReturnReason;
  note: string | null;
  creditMinor: number;
  /** What the earlier sale took by M-Pesa: a refund of it needs the reversal's code. */
  mpesaPaidMinor: number;
  /** A manager's approval of a return past the shop's window, once given. */
  approvalId: string | null;
  /** The body of the attempt in progress or unanswered; the cart is frozen while it is set. */
  attempt: ExchangeBody | null;
}

export interface ChosenReturnLine {
  line: Pick<Sale['lines'][number], 'id' | 'productName' | 'variantName' | 'totalMinor' | 'quantityMilli' | 'returnedQuantityMilli'>;
  quantityMilli: number;
  disposition: ReturnDisposition;
}

/** A sale line's product as a person reads it: the variant after the product, unless it repeats it. */
export function saleLineName(line: Pick<Sale['lines'][number], 'productName' | 'variantName'>): string {
  return line.variantName && line.variantName !== line.productName ? `${line.productName} ${line.variantName}` : line.productName;
}

/** What the M-Pesa payments of a sale add up to. */
export function mpesaPaidMinor(sale: Pick<Sale, 'payments'>): number {
  return sale.payments.filter((payment) => payment.tender === 'mpesa').reduce((sum, payment) => sum + payment.amountMinor, 0);
}

/** The exchange credit of these lines of a sale, under a new return id. */
export function exchangeCreditOf(
  sale: Pick<Sale, 'id' | 'receiptCode' | 'payments' | 'customer'>,
  chosen: ChosenReturnLine[],
  reason: ReturnReason,
  note: string | null,
  returnId: string = crypto.randomUUID(),
): ExchangeCredit {
  const lines = chosen.map(({ line, quantityMilli, disposition }) => ({
    saleLineId: line.id,
    name: saleLineName(line),
    quantityMilli,
    disposition,
    amountMinor: returnAmountMinor(line, quantityMilli),
  }));
  return {
    returnId,
    saleId: sale.id,
    receiptCode: sale.receiptCode,
    customerId: sale.customer?.id ?? null,
    lines,
    reason,
    note,
    creditMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0),
    mpesaPaidMinor: mpesaPaidMinor(sale),
    approvalId: null,
    attempt: null,
  };
}

export interface ExchangeSettlement {
  /** The part of the credit that pays the new sale (the server's exchange tender). */
  creditAppliedMinor: number;
  /** What the customer still pays. */
  dueMinor: number;
  /** What goes back to the customer, to the earlier sale's tenders. */
  refundMinor: number;
}

/** How a credit settles against the new sale's total: one of due and refund is zero. */
export function settleExchange(totalMinor: number, creditMinor: number): ExchangeSettlement {
  const creditAppliedMinor = Math.min(totalMinor, creditMinor);
  return { creditAppliedMinor, dueMinor: totalMinor - creditAppliedMinor, refundMinor: creditMinor - creditAppliedMinor };
}

/**
 * The refunds the register sends for `refundMinor`: null leaves them to the server (the sale's
 * tenders in order); a sale paid by M-Pesa is refunded to M-Pesa first with the reversal's code,
 * up to what it paid, and the rest in cash.
 */
export function refundsFor(refundMinor: number, mpesaPaid: number, mpesaCode: string): RefundInput[] | null {
  if (refundMinor === 0 || mpesaPaid === 0) return null;
  const mpesaMinor = Math.min(refundMinor, mpesaPaid);
  return [{ tender: 'mpesa', amountMinor: mpesaMinor, reference: mpesaCode }, ...(refundMinor > mpesaMinor ? [{ tender: 'cash' as const, amountMinor: refundMinor - mpesaMinor }] : [])];
}
