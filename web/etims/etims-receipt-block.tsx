import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { drawQrCode } from '../../core/etims/etims-qr.rules';
import type { EtimsReceiptBlock } from '../../core/etims/etims.schemas';
import { useLanguage } from '../i18n/language-provider';
import { formatDateTime } from '../lib/format';
import { useEtimsReceiptBlock } from './etims.api';

// The receipt's eTIMS block (issue 19): what KRA's control unit gave the sale or the credit note,
// as the receipt must print it, with the QR code of KRA's verification link. Until KRA signs it
// the receipt says "eTIMS pending" and the block keeps asking; a reprint shows the signed block.

/** 0.4 mm modules: a version 6 code is about 20 mm square, read by a phone's camera off thermal paper. */
const QR_MODULE_MM = 0.4;

function Line({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <p className="grid">
      <span>{label}</span>
      <span className="font-bold break-all">{value}</span>
    </p>
  );
}

export function EtimsReceiptSection({ sourceId, block, timeZone }: { sourceId: string; block: EtimsReceiptBlock; timeZone: string }) {
  const { t } = useLingui();
  const { intlLocale } = useLanguage();
  const current = useEtimsReceiptBlock(sourceId, block).data ?? block;
  const simulated = current.environment === 'simulated';

  if (current.status !== 'signed') {
    return (
      <section aria-label={t`eTIMS`} data-testid="etims-block" data-status={current.status} className="mt-2 border-y border-dashed border-black py-1 text-center">
        <p className="font-bold">
          <Trans>eTIMS pending</Trans>
        </p>
        <p className="text-[0.9em]">
          <Trans>Invoice {current.invoiceNumber} is sent to KRA when it can be reached; ask for a reprint to get the signed receipt.</Trans>
        </p>
      </section>
    );
  }

  const qr = current.verificationUrl ? drawQrCode(current.verificationUrl, { moduleMm: QR_MODULE_MM }) : null;
  const cuInvoice = `${current.sdcId ?? ''}/${current.receiptNumber ?? ''}`;
  const counters = `${current.receiptNumber ?? ''}/${current.totalReceiptNumber ?? ''} ${current.receiptTypeLabel}`;
  return (
    <section aria-label={t`eTIMS`} data-testid="etims-block" data-status="signed" className="mt-2 grid gap-1 border-y border-dashed border-black py-2">
      {simulated && (
        <p className="border border-black py-0.5 text-center font-bold" data-testid="etims-simulated">
          <Trans>eTIMS simulated — not a tax invoice</Trans>
        </p>
      )}
      <p className="text-center font-bold">
        <Trans>Control unit information</Trans>
      </p>
      <Line label={<Trans>CU invoice number</Trans>} value={cuInvoice} />
      <Line label={<Trans>Receipt number</Trans>} value={counters} />
      {current.controlUnitTime && <Line label={<Trans>CU date and time</Trans>} value={formatDateTime(current.controlUnitTime, timeZone, intlLocale)} />}
      {current.mrcNo && <Line label={<Trans>MRC number</Trans>} value={current.mrcNo} />}
      {current.internalData && <Line label={<Trans>Internal data</Trans>} value={current.internalData} />}
      {current.receiptSignature && <Line label={<Trans>Receipt signature</Trans>} value={current.receiptSignature} />}
      {qr && current.verificationUrl && (
        <figure className="mt-1 grid justify-items-center gap-0.5">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`}
            alt={t`QR code to verify this receipt with KRA`}
            data-testid="etims-qr"
            data-url={current.verificationUrl}
            className="max-w-none"
            style={{ width: `${qr.sizeModules * QR_MODULE_MM}mm`, height: `${qr.sizeModules * QR_MODULE_MM}mm` }}
          />
          <figcaption className="text-[0.9em]">
            <Trans>Scan to verify with KRA</Trans>
          </figcaption>
        </figure>
      )}
    </section>
  );
}
