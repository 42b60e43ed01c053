import { fillMessage } from '../i18n/message.rules';

// CSV as RFC 4180 describes it, by hand (no dependency): fields separated by commas, records by
// CRLF (a bare LF or CR is accepted too, as spreadsheets on other systems write them), fields
// with commas, quotes or line breaks enclosed in double quotes, a quote inside doubled ("").
// A UTF-8 byte order mark, which Excel writes, is dropped. Pure: shared by the server and tests.

/** A record and its row in the file as a spreadsheet numbers it (a quoted line break stays in one row). */
export interface CsvRecord {
  row: number;
  fields: string[];
}

export type CsvParseResult = { ok: true; records: CsvRecord[] } | { ok: false; message: string; row: number };

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * The records of a CSV text. Blank lines (a record of one empty field) are skipped, so a file
 * ending in a line break has no empty last record; they still count as rows.
 */
export function parseCsv(text: string): CsvParseResult {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let record: string[] = [];
  let field = '';
  let row = 1;
  let index = 0;
  const endRecord = () => {
    record.push(field);
    field = '';
    if (record.length > 1 || record[0] !== '') records.push({ row, fields: record });
    record = [];
    row += 1;
  };

  while (index < input.length) {
    const code = input.charCodeAt(index);
    if (code === QUOTE && field === '') {
      // A quoted field: up to the quote that is not doubled.
      const startRow = row;
      index += 1;
      let closed = false;
      while (index < input.length) {
        const next = input.indexOf('"', index);
        if (next === -1) break;
        field += input.slice(index, next);
        if (input.charCodeAt(next + 1) === QUOTE) {
          field += '"';
          index = next + 2;
          continue;
        }
        index = next + 1;
        closed = true;
        break;
      }
      if (!closed) return { ok: false, message: fillMessage(/*i18n*/ 'Row {row}: a quoted field is never closed (a " is missing)', { row: startRow }), row: startRow };
      const after = input.charCodeAt(index);
      if (index < input.length && after !== COMMA && after !== LF && after !== CR) {
        return { ok: false, message: fillMessage(/*i18n*/ 'Row {row}: unexpected text after a closing quote; enclose the whole field in quotes', { row }), row };
      }
      continue;
    }
    if (code === COMMA) {
      record.push(field);
      field = '';
      index += 1;
    } else if (code === CR || code === LF) {
      endRecord();
      index += code === CR && input.charCodeAt(index + 1) === LF ? 2 : 1;
    } else {
      const stop = nextSpecial(input, index);
      field += input.slice(index, stop);
      index = stop;
    }
  }
  if (field !== '' || record.length > 0) endRecord();
  return { ok: true, records };
}

/** The index of the next comma or line break at or after `from` (quotes inside a bare field are text). */
function nextSpecial(input: string, from: number): number {
  for (let index = from; index < input.length; index += 1) {
    const code = input.charCodeAt(index);
    if (code === COMMA || code === LF || code === CR) return index;
  }
  return input.length;
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One field, quoted when it must be (or when it has edge spaces, which readers tend to trim). */
export function serializeCsvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record with its CRLF terminator. */
export function serializeCsvRecord(fields: readonly string[]): string {
  return `${fields.map(serializeCsvField).join(',')}\r\n`;
}

/** A whole file: every record CRLF-terminated. */
export function serializeCsv(records: readonly (readonly string[])[]): string {
  return records.map(serializeCsvRecord).join('');
}

// Spreadsheets run a cell starting with = + - @ (or a tab/CR before them) as a formula: a product
// name like "=HYPERLINK(…)" in an export could act when opened. Such cells get a leading
// apostrophe on the way out, which spreadsheets show as text and the import takes off again.
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function unescapeFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
