import { ETIMS_TAX_BAND, type TaxClass } from '../products/tax.rules';

// KRA eTIMS OSCU rules (issue 19, docs/decisions/0023-etims-oscu.md): what a sale or a credit note
// becomes in saveTrnsSalesOsdc, the item code, and what the receipt prints. Money stays in integer
// minor units until the request is written, where KRA wants decimal shillings (NUMBER(18,2)).
// Sources: the OSCU specification as published in paybillke/kra-etims-oscu-docs (field names,
// code tables) and Odoo's l10n_ke_edi_oscu (verification link).

export const ETIMS_TAX_TYPES = ['A', 'B', 'C', 'D', 'E'] as const;
export type EtimsTaxType = (typeof ETIMS_TAX_TYPES)[number];

/** taxRtA…E as KRA's code list gives them (percent): A exempt, B 16%, C zero-rated, D non-VAT, E 8%. */
export const ETIMS_TAX_RATES: Record<EtimsTaxType, number> = { A: 0, B: 16, C: 0, D: 0, E: 8 };

export function taxTypeOf(taxClass: TaxClass): EtimsTaxType {
  return ETIMS_TAX_BAND[taxClass];
}

/** Decimal shillings for a request field: 116000 → 1160. Integer minor units in, never a float sum. */
export function toAmount(minor: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Money must be whole minor units, got ${minor}`);
  return minor / 100;
}

export interface EtimsLineAmounts {
  taxType: EtimsTaxType;
  /** VAT-inclusive amount of the line after discounts. */
  grossMinor: number;
  taxMinor: number;
}

export type TaxBandFields = Record<`taxblAmt${EtimsTaxType}` | `taxRt${EtimsTaxType}` | `taxAmt${EtimsTaxType}`, number>;

/**
 * The fifteen band fields (all required, unused bands zero) and the totals. The taxable amount of
 * a band is its VAT-exclusive value (gross − tax); the tax is the lines' own, so they add up exactly.
 */
export function taxBandFields(lines: EtimsLineAmounts[]): TaxBandFields & { totTaxblAmt: number; totTaxAmt: number; totAmt: number } {
  const taxable: Record<EtimsTaxType, number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
  const tax: Record<EtimsTaxType, number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
  let grossMinor = 0;
  for (const line of lines) {
    taxable[line.taxType] += line.grossMinor - line.taxMinor;
    tax[line.taxType] += line.taxMinor;
    grossMinor += line.grossMinor;
  }
  const fields = {} as TaxBandFields;
  for (const band of ETIMS_TAX_TYPES) {
    fields[`taxblAmt${band}`] = toAmount(taxable[band]);
    fields[`taxRt${band}`] = ETIMS_TAX_RATES[band];
    fields[`taxAmt${band}`] = toAmount(tax[band]);
  }
  const taxMinor = ETIMS_TAX_TYPES.reduce((sum, band) => sum + tax[band], 0);
  return { ...fields, totTaxblAmt: toAmount(grossMinor - taxMinor), totTaxAmt: toAmount(taxMinor), totAmt: toAmount(grossMinor) };
}

/** itemCd: country of origin, product type, packaging unit, quantity unit, 7-digit sequence ("KE2NTU0000012"). */
export function itemCode(parts: { originCountry: string; itemTypeCode: string; packagingUnitCode: string; quantityUnitCode: string; sequence: number }): string {
  if (!Number.isInteger(parts.sequence) || parts.sequence < 1 || parts.sequence > 9_999_999) throw new RangeError('The item sequence runs from 1 to 9999999');
  return `${parts.originCountry}${parts.itemTypeCode}${parts.packagingUnitCode}${parts.quantityUnitCode}${String(parts.sequence).padStart(7, '0')}`;
}

/** intrlData and rcptSign as printed: groups of four joined by dashes ("EAHS-AV6E-CUUX"). */
export function groupsOfFour(value: string): string {
  return (value.match(/.{1,4}/g) ?? []).join('-');
}

export type EtimsEnvironment = 'sandbox' | 'production' | 'simulated';

/** KRA's receipt verification link (the QR code): PIN + branch + receipt signature after Data=. */
export function verificationUrl(environment: EtimsEnvironment, kraPin: string, branchId: string, receiptSignature: string): string {
  const host = environment === 'production' ? 'etims.kra.go.ke' : 'etims-sbx.kra.go.ke';
  return `https://${host}/common/link/etims/receipt/indexEtimsReceiptData?Data=${kraPin}${branchId}${receiptSignature}`;
}

/** pmtTyCd (KRA code list "Payment Method"): 01 cash, 02 credit, 03 cash/credit, 05 card, 06 mobile money, 07 other. */
const PAYMENT_TYPE: Record<string, string> = { cash: '01', account: '02', card: '05', mpesa: '06' };

/** One code per invoice: cash with credit is 03, otherwise the tender that paid the most. */
export function paymentTypeCode(tenders: { tender: string; amountMinor: number }[]): string {
  const paying = tenders.filter((tender) => tender.amountMinor > 0);
  if (paying.some((tender) => tender.tender === 'cash') && paying.some((tender) => tender.tender === 'account')) return '03';
  const largest = paying.reduce<{ tender: string; amountMinor: number } | null>((best, tender) => (best && best.amountMinor >= tender.amountMinor ? best : tender), null);
  return largest ? (PAYMENT_TYPE[largest.tender] ?? '07') : '01';
}

/** The receipt's type label: normal sale or normal credit note. */
export function receiptTypeLabel(receiptTypeCode: 'S' | 'R'): 'NS' | 'NC' {
  return receiptTypeCode === 'S' ? 'NS' : 'NC';
}

/** rfdRsnCd (KRA "Credit Note Reason") for the shop's return reasons: damaged 03, everything else a refund 06. */
export function creditNoteReasonCode(returnReason: string): string {
  return returnReason === 'damaged' || returnReason === 'defective' ? '03' : '06';
}

/** KRA's dates are Kenya time (UTC+3, no daylight saving): YYYYMMDDhhmmss and YYYYMMDD. */
export function etimsDateTime(at: Date): string {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export function etimsDate(at: Date): string {
  return etimsDateTime(at).slice(0, 8);
}

/** "20210502115145" (control unit time, Kenya) → the instant. */
export function parseEtimsDateTime(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h - 3, mi, s));
}

export interface EtimsSaleLine {
  itemCode: string | null;
  itemClassCode: string | null;
  name: string;
  barcode: string | null;
  packagingUnitCode: string | null;
  quantityUnitCode: string | null;
  quantityMilli: number;
  unitPriceMinor: number;
  discountMinor: number;
  grossMinor: number;
  taxMinor: number;
  taxType: EtimsTaxType;
}

export interface EtimsSaleDocument {
  invoiceNumber: number;
  /** The sale's invoice number for a credit note; 0 for a sale. */
  originalInvoiceNumber: number;
  traderInvoiceNumber: string;
  receiptTypeCode: 'S' | 'R';
  refundReasonCode: string | null;
  at: Date;
  customer: { pin: string | null; name: string | null; phone: string | null } | null;
  tenders: { tender: string; amountMinor: number }[];
  lines: EtimsSaleLine[];
  user: { id: string; name: string };
}

const quantityOf = (milli: number) => milli / 1000;

/**
 * The saveTrnsSalesOsdc request (TrnsSalesSaveWrReq) without tin, bhfId and cmcKey, which travel
 * in the headers. Lines with no item registered yet carry null codes; the worker fills them from
 * the items table before sending (amounts and numbers are frozen here).
 */
export function salePayload(doc: EtimsSaleDocument): Record<string, unknown> {
  const confirmed = etimsDateTime(doc.at);
  const bands = taxBandFields(doc.lines);
  const user = { regrId: doc.user.id.slice(0, 20), regrNm: doc.user.name.slice(0, 60), modrId: doc.user.id.slice(0, 20), modrNm: doc.user.name.slice(0, 60) };
  return {
    trdInvcNo: doc.traderInvoiceNumber,
    invcNo: doc.invoiceNumber,
    orgInvcNo: doc.originalInvoiceNumber,
    custTin: doc.customer?.pin ?? null,
    custNm: doc.customer?.name?.slice(0, 60) ?? null,
    salesTyCd: 'N',
    rcptTyCd: doc.receiptTypeCode,
    pmtTyCd: paymentTypeCode(doc.tenders),
    salesSttsCd: '02',
    cfmDt: confirmed,
    salesDt: etimsDate(doc.at),
    stockRlsDt: confirmed,
    cnclReqDt: null,
    cnclDt: null,
    rfdDt: doc.receiptTypeCode === 'R' ? confirmed : null,
    rfdRsnCd: doc.receiptTypeCode === 'R' ? doc.refundReasonCode : null,
    totItemCnt: doc.lines.length,
    ...bands,
    prchrAcptcYn: 'N',
    remark: null,
    ...user,
    receipt: {
      custTin: doc.customer?.pin ?? null,
      custMblNo: doc.customer?.phone ?? null,
      rcptPbctDt: confirmed,
      trdeNm: null,
      adrs: null,
      topMsg: null,
      btmMsg: null,
      prchrAcptcYn: 'N',
    },
    itemList: doc.lines.map((line, index) => {
      const supplyMinor = line.grossMinor + line.discountMinor;
      return {
        itemSeq: index + 1,
        itemCd: line.itemCode,
        itemClsCd: line.itemClassCode,
        itemNm: line.name.slice(0, 200),
        bcd: line.barcode,
        pkgUnitCd: line.packagingUnitCode,
        pkg: quantityOf(line.quantityMilli),
        qtyUnitCd: line.quantityUnitCode,
        qty: quantityOf(line.quantityMilli),
        prc: toAmount(line.unitPriceMinor),
        splyAmt: toAmount(supplyMinor),
        dcRt: supplyMinor > 0 ? Math.round((line.discountMinor * 10_000) / supplyMinor) / 100 : 0,
        dcAmt: toAmount(line.discountMinor),
        isrccCd: null,
        isrccNm: null,
        isrcRt: null,
        isrcAmt: null,
        taxTyCd: line.taxType,
        taxblAmt: toAmount(line.grossMinor - line.taxMinor),
        taxAmt: toAmount(line.taxMinor),
        totAmt: toAmount(line.grossMinor),
      };
    }),
  };
}

/** A credit note may not take back more than the sale less what earlier credit notes took back. */
export function isCreditWithinOriginal(originalTotalMinor: number, creditedBeforeMinor: number, creditMinor: number): boolean {
  return creditMinor >= 0 && creditedBeforeMinor + creditMinor <= originalTotalMinor;
}
