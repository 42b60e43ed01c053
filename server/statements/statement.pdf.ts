import type { I18n } from '@lingui/core';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { AgingBuckets } from '../../core/accounts/aging.rules';
import { INTL_LOCALES, type Locale } from '../../core/i18n/locale.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import type { Statement, StatementEntryKind } from '../../core/statements/statement.schemas';

// A statement as an A4 PDF (pdf-lib: pure JavaScript, the 14 standard PDF fonts built in, nothing to
// ship). Shop and contact at the top, the period, the opening balance, the entries with their running
// balance over as many pages as they need (the column headers repeat on each), the closing balance,
// and the aging at the end of the period. Written in `i18n`'s language.

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 40;
export const ROW = 14;
const FONT_SIZE = 8.5;
export const INK = rgb(0.11, 0.17, 0.14);
export const MUTED = rgb(0.36, 0.42, 0.39);
const RULE = rgb(0.8, 0.85, 0.83);
export const BRAND = rgb(0.09, 0.4, 0.2);
/** A table header's background. */
const BAND = rgb(0.93, 0.96, 0.94);

// The standard fonts encode WinAnsi only: other characters print as "?".
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function pdfText(value: string): string {
  return Array.from(value.normalize('NFC').replace(/\u2212/g, '-').replace(/[\t\r\n]+/g, ' '))
    .map((char) => {
      const code = char.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char) ? char : '?';
    })
    .join('');
}

export function kindLabel(i18n: I18n, kind: StatementEntryKind, side: Statement['side']): string {
  switch (kind) {
    case 'opening':
      return i18n._({ id: 'statement.kind.opening', message: 'Opening balance' });
    case 'charge':
      return side === 'payable' ? i18n._({ id: 'statement.kind.bill', message: 'Bill' }) : i18n._({ id: 'statement.kind.charge', message: 'Credit sale' });
    case 'payment':
      return i18n._({ id: 'statement.kind.payment', message: 'Payment' });
    case 'credit_note':
      return i18n._({ id: 'statement.kind.credit_note', message: 'Credit note' });
    case 'adjustment':
      return i18n._({ id: 'statement.kind.adjustment', message: 'Adjustment' });
    case 'write_off':
      return i18n._({ id: 'statement.kind.write_off', message: 'Write-off' });
    case 'refund':
      return i18n._({ id: 'statement.kind.refund', message: 'Refund' });
  }
}

export function statementTitle(i18n: I18n, side: Statement['side']): string {
  return side === 'payable'
    ? i18n._({ id: 'statement.title.payable', message: 'Supplier statement' })
    : i18n._({ id: 'statement.title.receivable', message: 'Statement of account' });
}

export function formatStatementDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

export function agingLabels(i18n: I18n): Record<keyof AgingBuckets, string> {
  return {
    currentMinor: i18n._({ id: 'statement.aging.current', message: 'Current' }),
    days1to30Minor: i18n._({ id: 'statement.aging.1to30', message: '1–30 days' }),
    days31to60Minor: i18n._({ id: 'statement.aging.31to60', message: '31–60 days' }),
    days61to90Minor: i18n._({ id: 'statement.aging.61to90', message: '61–90 days' }),
    over90Minor: i18n._({ id: 'statement.aging.over90', message: 'Over 90 days' }),
    totalMinor: i18n._({ id: 'statement.aging.total', message: 'Total due' }),
  };
}

export interface PdfColumn {
  label: string;
  width: number;
  align: 'left' | 'right';
}

interface WriteOptions {
  font?: PDFFont;
  size?: number;
  color?: RGB;
  width?: number;
  align?: 'left' | 'right';
}

/**
 * An A4 document written top down (statements, purchase orders): `y` is the line being written;
 * text is cut to its width with "…"; a table's rows fill the page and continue on a new one under
 * `continuedHeading` and the column headers again.
 */
export class PdfSheet {
  page: PDFPage;
  y = A4.height - MARGIN;
  readonly contentWidth = A4.width - 2 * MARGIN;
  columns: PdfColumn[] = [];
  continuedHeading = '';

  private constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([A4.width, A4.height]);
  }

  static async create(meta: { title: string; author: string; creationDate?: Date }): Promise<PdfSheet> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(pdfText(meta.title));
    pdf.setAuthor(pdfText(meta.author));
    pdf.setCreator('Dukani');
    if (meta.creationDate) pdf.setCreationDate(meta.creationDate);
    return new PdfSheet(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  }

  write(text: string, x: number, options: WriteOptions = {}) {
    const font = options.font ?? this.regular;
    const size = options.size ?? FONT_SIZE;
    const width = options.width ?? this.contentWidth;
    const value = fitText(text, font, size, width);
    const offset = options.align === 'right' ? width - font.widthOfTextAtSize(value, size) : 0;
    this.page.drawText(value, { x: x + offset, y: this.y, font, size, color: options.color ?? INK });
  }

  /** A line across the page at height `y`. */
  rule(y: number, thickness = 0.6, color = RULE) {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness, color });
  }

  /** One table row, a cell per column (an empty cell is left blank). */
  row(cells: string[], font: PDFFont = this.regular) {
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const column = this.columns[index]!;
      if (cell) this.write(cell, x + 2, { font, width: column.width - 4, align: column.align });
      x += column.width;
    });
    this.y -= ROW;
  }

  tableHeader() {
    this.band();
    this.row(
      this.columns.map((column) => column.label),
      this.bold,
    );
  }

  /** The header band behind the row about to be written. */
  band() {
    this.page.drawRectangle({ x: MARGIN, y: this.y - 4, width: this.contentWidth, height: ROW, color: BAND });
  }

  newPage() {
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  /** Room for `rows` more table rows above the footer, or the table goes on over a new page. */
  ensureRoom(rows: number) {
    if (this.y - rows * ROW >= MARGIN + 24) return;
    this.newPage();
    this.write(this.continuedHeading, MARGIN, { font: this.bold, size: 9, color: MUTED });
    this.y -= ROW * 1.5;
    this.tableHeader();
  }

  /** Writes each page's footer line(s) at its foot, knowing its number and the count. */
  footers(writeFooter: (page: number, pages: number) => void) {
    const pages = this.pdf.getPages();
    pages.forEach((each, index) => {
      this.page = each;
      this.y = MARGIN - 14;
      writeFooter(index + 1, pages.length);
    });
  }
}

function fitText(text: string, font: PDFFont, size: number, width: number): string {
  let value = pdfText(text);
  if (font.widthOfTextAtSize(value, size) <= width) return value;
  while (value.length > 1 && font.widthOfTextAtSize(`${value}…`, size) > width) value = value.slice(0, -1);
  return `${value}…`;
}

/** The statement as the bytes of an A4 PDF. */
export async function renderStatementPdf(statement: Statement, i18n: I18n): Promise<Uint8Array> {
  const locale = i18n.locale as Locale;
  const title = statementTitle(i18n, statement.side);
  const sheet = await PdfSheet.create({ title: `${title} — ${statement.contact.name}`, author: statement.shop.name, creationDate: new Date(statement.generatedAt) });
  const { bold, regular, contentWidth } = sheet;

  const money = (minor: number) => pdfText(formatMinorUnits(minor, statement.shop.currencyCode, statement.shop.currencyDecimals, INTL_LOCALES[locale]));
  const date = (value: string) => formatStatementDate(value, locale);

  sheet.columns = [
    { label: i18n._({ id: 'statement.column.date', message: 'Date' }), width: 62, align: 'left' },
    { label: i18n._({ id: 'statement.column.description', message: 'Description' }), width: 118, align: 'left' },
    { label: i18n._({ id: 'statement.column.reference', message: 'Reference' }), width: 70, align: 'left' },
    { label: i18n._({ id: 'statement.column.debit', message: 'Debit' }), width: 88, align: 'right' },
    { label: i18n._({ id: 'statement.column.credit', message: 'Credit' }), width: 88, align: 'right' },
    { label: i18n._({ id: 'statement.column.balance', message: 'Balance' }), width: contentWidth - 62 - 118 - 70 - 88 - 88, align: 'right' },
  ];
  sheet.continuedHeading = `${statement.shop.name} · ${title} · ${statement.contact.name}`;

  // Shop and title
  sheet.write(statement.shop.name, MARGIN, { font: bold, size: 16, color: BRAND, width: contentWidth / 2 });
  sheet.write(title, MARGIN + contentWidth / 2, { font: bold, size: 14, width: contentWidth / 2, align: 'right' });
  sheet.y -= 16;
  if (statement.shop.kraPin) sheet.write(i18n._({ id: 'statement.kraPin', message: 'KRA PIN: {pin}', values: { pin: statement.shop.kraPin } }), MARGIN, { color: MUTED });
  sheet.write(
    i18n._({ id: 'statement.period', message: 'Period: {from} to {to}', values: { from: date(statement.from), to: date(statement.to) } }),
    MARGIN + contentWidth / 2,
    { width: contentWidth / 2, align: 'right', size: 9 },
  );
  sheet.y -= ROW * 2;

  // Contact
  sheet.write(i18n._({ id: 'statement.to', message: 'Statement for' }), MARGIN, { color: MUTED, size: 8 });
  sheet.y -= ROW;
  const contact = statement.contact;
  sheet.write(contact.name, MARGIN, { font: bold, size: 11 });
  sheet.y -= ROW;
  for (const line of [
    contact.company,
    contact.address,
    [contact.phone, contact.email].filter(Boolean).join(' · ') || null,
    contact.kraPin ? i18n._({ id: 'statement.kraPin', message: 'KRA PIN: {pin}', values: { pin: contact.kraPin } }) : null,
  ]) {
    if (!line) continue;
    sheet.write(line, MARGIN, { width: contentWidth / 2 });
    sheet.y -= ROW;
  }
  sheet.y -= ROW;

  // Entries
  sheet.tableHeader();
  sheet.row(['', kindLabel(i18n, 'opening', statement.side), '', '', '', money(statement.openingBalanceMinor)], bold);
  for (const entry of statement.entries) {
    sheet.ensureRoom(1);
    const description = [kindLabel(i18n, entry.kind, statement.side), entry.reference].filter(Boolean).join(' · ') + (entry.note ? ` — ${entry.note}` : '');
    sheet.row([
      date(entry.date),
      description,
      entry.number ?? '',
      entry.amountMinor > 0 ? money(entry.amountMinor) : '',
      entry.amountMinor < 0 ? money(-entry.amountMinor) : '',
      money(entry.balanceMinor),
    ]);
  }
  if (statement.entries.length === 0) {
    sheet.row(['', i18n._({ id: 'statement.noEntries', message: 'No entries in this period' }), '', '', '', '']);
  }
  sheet.ensureRoom(3);
  sheet.rule(sheet.y - 3, 0.8, INK);
  sheet.y -= 4;
  sheet.row(['', i18n._({ id: 'statement.totals', message: 'Totals for the period' }), '', money(statement.totalDebitsMinor), money(-statement.totalCreditsMinor), ''], bold);
  sheet.row(['', i18n._({ id: 'statement.closing', message: 'Closing balance' }), '', '', '', money(statement.closingBalanceMinor)], bold);

  // Aging
  if (sheet.y - 5 * ROW < MARGIN + 24) sheet.newPage();
  sheet.y -= ROW;
  sheet.write(i18n._({ id: 'statement.aging.title', message: 'Amount due by age on {date}', values: { date: date(statement.to) } }), MARGIN, { font: bold, size: 10 });
  sheet.y -= ROW * 1.3;
  const labels = agingLabels(i18n);
  const keys = Object.keys(labels) as (keyof AgingBuckets)[];
  const agingWidth = contentWidth / keys.length;
  sheet.band();
  keys.forEach((key, index) => sheet.write(labels[key], MARGIN + index * agingWidth + 2, { font: bold, width: agingWidth - 4, align: 'right' }));
  sheet.y -= ROW;
  keys.forEach((key, index) =>
    sheet.write(money(statement.aging[key]), MARGIN + index * agingWidth + 2, { font: key === 'totalMinor' ? bold : regular, width: agingWidth - 4, align: 'right' }),
  );
  sheet.y -= ROW;
  if (statement.unappliedCreditsMinor > 0) {
    sheet.y -= 4;
    sheet.write(
      i18n._({ id: 'statement.unapplied', message: 'Payments not yet applied to a charge (deposit): {amount}', values: { amount: money(statement.unappliedCreditsMinor) } }),
      MARGIN,
    );
    sheet.y -= ROW;
  }

  // Footers: page numbers and when it was made
  const generated = new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: statement.shop.timeZone }).format(
    new Date(statement.generatedAt),
  );
  sheet.footers((page, pages) => {
    sheet.write(i18n._({ id: 'statement.generated', message: 'Generated {date}', values: { date: generated } }), MARGIN, { size: 7, color: MUTED, width: contentWidth / 2 });
    sheet.write(i18n._({ id: 'statement.page', message: 'Page {page} of {pages}', values: { page, pages } }), MARGIN + contentWidth / 2, {
      size: 7,
      color: MUTED,
      width: contentWidth / 2,
      align: 'right',
    });
  });

  return sheet.pdf.save();
}
