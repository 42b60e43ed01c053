import { createPortal } from 'react-dom';
import { barcodeSvg, encodeBarcode } from '../../../core/products/barcode-svg.rules';
import { formatMoney } from '../product-format';

/** A label sheet: label size, how many across, and where the first label sits on the A4 page. */
export interface LabelSize {
  id: string;
  title: string;
  widthMm: number;
  heightMm: number;
  columns: number;
  perSheet: number;
  topMm: number;
  leftMm: number;
  columnGapMm: number;
}

export const LABEL_SIZES: readonly LabelSize[] = [
  { id: 'a4-65', title: '38 × 21 mm — A4 sheet of 65', widthMm: 38.1, heightMm: 21.2, columns: 5, perSheet: 65, topMm: 10.7, leftMm: 4.7, columnGapMm: 2.5 },
  { id: 'a4-36', title: '50 × 30 mm — A4 sheet of 36', widthMm: 50, heightMm: 30, columns: 4, perSheet: 36, topMm: 13.5, leftMm: 5, columnGapMm: 0 },
];

export interface LabelItem {
  key: string;
  name: string;
  priceMinor: number;
  /** The first barcode, else the SKU (printed as Code 128). */
  code: string;
}

/** The code as an SVG image, or null when it holds characters no symbology here can print. */
function barcodeImage(code: string): string | null {
  try {
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(barcodeSvg(encodeBarcode(code), { barHeight: 40 }))}`;
  } catch {
    return null;
  }
}

interface LabelSheetsProps {
  items: LabelItem[];
  size: LabelSize;
  currencySymbol: string;
}

/** The A4 sheets as they will print (the page shows them in a scrolling preview). */
export function LabelSheets({ items, size, currencySymbol }: LabelSheetsProps) {
  const images = new Map(items.map((item) => [item.code, barcodeImage(item.code)]));
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
            const image = images.get(item.code);
            return (
              <div key={`${item.key}-${position}`} className="flex flex-col items-center justify-between overflow-hidden px-[1.5mm] py-[1mm] text-center">
                <span className="line-clamp-2 w-full text-[7pt] leading-tight font-medium">{item.name}</span>
                {image ? (
                  <img src={image} alt={`Barcode ${item.code}`} className="min-h-0 w-full flex-1 object-contain" />
                ) : (
                  <span className="font-mono text-[7pt]">{item.code}</span>
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
