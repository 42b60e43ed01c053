import { describe, expect, it } from 'vitest';
import {
  creditNoteReasonCode,
  etimsDate,
  etimsDateTime,
  groupsOfFour,
  isCreditWithinOriginal,
  itemCode,
  parseEtimsDateTime,
  paymentTypeCode,
  receiptTypeLabel,
  salePayload,
  taxBandFields,
  taxTypeOf,
  verificationUrl,
  type EtimsSaleDocument,
} from './etims.rules';

// Figures worked by hand (VAT-inclusive prices: tax = gross × rate / (100 + rate)).

describe('tax types and the fifteen band fields', () => {
  it('maps the VAT classes to KRA tax types', () => {
    expect([taxTypeOf('exempt'), taxTypeOf('standard'), taxTypeOf('zero_rated'), taxTypeOf('reduced')]).toEqual(['A', 'B', 'C', 'E']);
  });

  it('a 1,160.00 KES sale in band B is taxable 1,000.00 with 160.00 tax', () => {
    const fields = taxBandFields([{ taxType: 'B', grossMinor: 116_000, taxMinor: 16_000 }]);
    expect(fields).toEqual({
      taxblAmtA: 0, taxblAmtB: 1000, taxblAmtC: 0, taxblAmtD: 0, taxblAmtE: 0,
      taxRtA: 0, taxRtB: 16, taxRtC: 0, taxRtD: 0, taxRtE: 8,
      taxAmtA: 0, taxAmtB: 160, taxAmtC: 0, taxAmtD: 0, taxAmtE: 0,
      totTaxblAmt: 1000, totTaxAmt: 160, totAmt: 1160,
    });
  });

  it('mixed bands A, B and E add up per band and in total', () => {
    // A: 500.00 exempt; B: 2,320.00 = 2,000.00 + 320.00; E: 540.00 = 500.00 + 40.00; plus B 11.60 = 10.00 + 1.60.
    const fields = taxBandFields([
      { taxType: 'A', grossMinor: 50_000, taxMinor: 0 },
      { taxType: 'B', grossMinor: 232_000, taxMinor: 32_000 },
      { taxType: 'E', grossMinor: 54_000, taxMinor: 4_000 },
      { taxType: 'B', grossMinor: 1_160, taxMinor: 160 },
    ]);
    expect(fields).toMatchObject({ taxblAmtA: 500, taxAmtA: 0, taxblAmtB: 2010, taxAmtB: 321.6, taxblAmtE: 500, taxAmtE: 40, taxblAmtC: 0, taxAmtC: 0 });
    expect(fields).toMatchObject({ totTaxblAmt: 3010, totTaxAmt: 361.6, totAmt: 3371.6 });
  });
});

describe('codes and printed forms', () => {
  it('builds the item code as in KRA’s example KE2NTBA0000012', () => {
    expect(itemCode({ originCountry: 'KE', itemTypeCode: '2', packagingUnitCode: 'NT', quantityUnitCode: 'BA', sequence: 12 })).toBe('KE2NTBA0000012');
    expect(() => itemCode({ originCountry: 'KE', itemTypeCode: '2', packagingUnitCode: 'NT', quantityUnitCode: 'U', sequence: 10_000_000 })).toThrow(RangeError);
  });

  it('prints internal data and the signature in dash-separated groups of four', () => {
    expect(groupsOfFour('EAHSAV6ECUUXSY6PCCJYAUP6MI')).toBe('EAHS-AV6E-CUUX-SY6P-CCJY-AUP6-MI');
    expect(groupsOfFour('QUII27MATATSHFRB')).toBe('QUII-27MA-TATS-HFRB');
  });

  it('links to KRA’s verification page with PIN, branch and signature', () => {
    expect(verificationUrl('production', 'P051234567X', '00', 'A1B2C3D4E5F6G7H8')).toBe(
      'https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00A1B2C3D4E5F6G7H8',
    );
    expect(verificationUrl('sandbox', 'P051234567X', '01', 'QUII27MATATSHFRB')).toBe(
      'https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X01QUII27MATATSHFRB',
    );
  });

  it('picks the payment type from the tenders', () => {
    expect(paymentTypeCode([{ tender: 'cash', amountMinor: 100 }])).toBe('01');
    expect(paymentTypeCode([{ tender: 'card', amountMinor: 100 }])).toBe('05');
    expect(paymentTypeCode([{ tender: 'mpesa', amountMinor: 900 }, { tender: 'cash', amountMinor: 100 }])).toBe('06');
    expect(paymentTypeCode([{ tender: 'account', amountMinor: 900 }, { tender: 'cash', amountMinor: 100 }])).toBe('03');
    expect(paymentTypeCode([{ tender: 'gift_card', amountMinor: 100 }])).toBe('07');
  });

  it('labels receipts and credit note reasons', () => {
    expect([receiptTypeLabel('S'), receiptTypeLabel('R')]).toEqual(['NS', 'NC']);
    expect([creditNoteReasonCode('damaged'), creditNoteReasonCode('changed_mind')]).toEqual(['03', '06']);
  });

  it('writes dates in Kenya time and reads the control unit’s back', () => {
    const at = new Date('2026-11-28T21:30:15Z');
    expect(etimsDateTime(at)).toBe('20261129003015');
    expect(etimsDate(at)).toBe('20261129');
    expect(parseEtimsDateTime('20261129003015')?.toISOString()).toBe('2026-11-28T21:30:15.000Z');
    expect(parseEtimsDateTime('2026')).toBeNull();
  });
});

describe('the saveTrnsSalesOsdc request', () => {
  const sale: EtimsSaleDocument = {
    invoiceNumber: 7,
    originalInvoiceNumber: 0,
    traderInvoiceNumber: 'T1-000042',
    receiptTypeCode: 'S',
    refundReasonCode: null,
    at: new Date('2026-11-28T09:00:00Z'),
    customer: null,
    tenders: [{ tender: 'cash', amountMinor: 150_000 }],
    lines: [
      // 2 × 580.00 = 1,160.00 in band B.
      { itemCode: 'KE2NTU0000001', itemClassCode: '5059690800', name: 'Sugar 2kg', barcode: null, packagingUnitCode: 'NT', quantityUnitCode: 'U', quantityMilli: 2000, unitPriceMinor: 58_000, discountMinor: 0, grossMinor: 116_000, taxMinor: 16_000, taxType: 'B' },
    ],
    user: { id: 'cashier-1', name: 'Amina' },
  };

  it('has every header field of the specification’s sample and the hand-worked amounts', () => {
    const payload = salePayload(sale);
    const spec =
      'trdInvcNo invcNo orgInvcNo custTin custNm salesTyCd rcptTyCd pmtTyCd salesSttsCd cfmDt salesDt stockRlsDt cnclReqDt cnclDt rfdDt rfdRsnCd totItemCnt taxblAmtA taxblAmtB taxblAmtC taxblAmtD taxblAmtE taxRtA taxRtB taxRtC taxRtD taxRtE taxAmtA taxAmtB taxAmtC taxAmtD taxAmtE totTaxblAmt totTaxAmt totAmt prchrAcptcYn remark regrId regrNm modrId modrNm receipt itemList';
    expect(Object.keys(payload).sort()).toEqual(spec.split(' ').sort());
    expect(payload).toMatchObject({ invcNo: 7, orgInvcNo: 0, rcptTyCd: 'S', pmtTyCd: '01', salesSttsCd: '02', cfmDt: '20261128120000', salesDt: '20261128', taxblAmtB: 1000, taxAmtB: 160, totAmt: 1160 });
    expect(payload.itemList).toEqual([
      expect.objectContaining({ itemSeq: 1, itemCd: 'KE2NTU0000001', qty: 2, prc: 580, splyAmt: 1160, dcAmt: 0, taxTyCd: 'B', taxblAmt: 1000, taxAmt: 160, totAmt: 1160 }),
    ]);
  });

  it('writes a credit note as R referencing the sale, with its reason', () => {
    const payload = salePayload({ ...sale, invoiceNumber: 9, originalInvoiceNumber: 7, receiptTypeCode: 'R', refundReasonCode: '06' });
    expect(payload).toMatchObject({ invcNo: 9, orgInvcNo: 7, rcptTyCd: 'R', rfdRsnCd: '06', rfdDt: '20261128120000' });
  });

  it('never credits more than the sale', () => {
    expect(isCreditWithinOriginal(116_000, 0, 116_000)).toBe(true);
    expect(isCreditWithinOriginal(116_000, 58_000, 58_001)).toBe(false);
  });
});
