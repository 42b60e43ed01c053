import { useLingui } from '@lingui/react/macro';
import { createPortal } from 'react-dom';
import { formatMoney } from '../product-format';
import { PADDING_Y_MM, labelBarcode, type LabelSize } from './label-layout';

export interface LabelItem {
  key: string;
  name: string;
  priceMinor: number;
  /** The first barcode, else the SKU (printed as Code 128). */
  code: string;
}

interface LabelSheetsProps {
  items: LabelItem[];
  size: LabelSize;
  currencySymbol: string;
}

/** The A4 sheets as they will print (the page shows them in a scrolling preview). */
export function LabelSheets({ items, size, currencySymbol }: LabelSheetsProps) {
  const { t } = useLingui();
  const barcodes = new Map(items.map((item) => [item.code, labelBarcode(item.code, size)]));
  const sheets: LabelItem[][] = [];
  for (let start = 0; start < items.length; start += size.perSheet) sheets.push(items.slice(start, start + size.perSheet));
  return (
    <div className="grid gap-4 print:gap-0">
      {sheets.map((sheet, index) => (
        <div
          key={index}
          className="label-sheet bg-white text-black shadow-sm ring-1 ring-border print:shadow-none print:ring-0"
          style={{
            width: '210mm',
            height: '297mm',
            padding: `${size.topMm}mm 0 0 ${size.leftMm}mm`,
            display: 'grid',
            gridTemplateColumns: `repeat(${size.columns}, ${size.widthMm}mm)`,
            gridAutoRows: `${size.heightMm}mm`,
            columnGap: `${size.columnGapMm}mm`,
            alignContent: 'start',
          }}
        >
          {sheet.map((item, position) => {
            const barcode = barcodes.get(item.code);
            return (
              // Rows: the name takes what is left and is cut short; the barcode keeps its printed size.
              <div
                key={`${item.key}-${position}`}
                className="label grid justify-items-center overflow-hidden text-center"
                style={{ gridTemplateRows: `minmax(0, 1fr) ${size.barcodeAreaMm}mm auto`, padding: `${PADDING_Y_MM}mm ${size.paddingMm}mm` }}
              >
                <span className="w-full overflow-hidden text-[7pt] leading-tight font-medium" style={{ display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: size.nameLines }}>
                  {item.name}
                </span>
                {barcode ? (
                  <img
                    src={barcode.src}
                    alt={t`Barcode ${item.code}`}
                    className="max-w-none self-center"
                    style={{ width: `${barcode.widthMm}mm`, height: `${barcode.heightMm}mm` }}
                  />
                ) : (
                  <span className="self-center font-mono text-[7pt] break-all">{item.code}</span>
                )}
                <span className="text-[8pt] leading-none font-bold">{formatMoney(item.priceMinor, currencySymbol)}</span>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/**
 * The copy that prints: a direct child of <body>, so while printing everything else in the body
 * (sidebar, header, controls, toasts) is hidden and the sheets start at the page's corner.
 */
export function PrintableLabels(props: LabelSheetsProps) {
  return createPortal(
    <div className="label-print-root">
      <style>{LABEL_PRINT_STYLES}</style>
      <LabelSheets {...props} />
    </div>,
    document.body,
  );
}

const LABEL_PRINT_STYLES = `
@media screen { .label-print-root { display: none; } }
@media print {
  @page { size: A4; margin: 0; }
  body > :not(.label-print-root) { display: none !important; }
  .label-sheet { break-after: page; }
  .label-sheet:last-child { break-after: auto; }
}
`;
