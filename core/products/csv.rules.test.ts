import { describe, expect, it } from 'vitest';
import { escapeFormula, parseCsv, serializeCsv, serializeCsvField, unescapeFormula } from './csv.rules';

function fieldsOf(text: string): string[][] {
  const result = parseCsv(text);
  if (!result.ok) throw new Error(result.message);
  return result.records.map((record) => record.fields);
}

describe('parseCsv', () => {
  it('splits records on CRLF, LF or CR and fields on commas', () => {
    expect(fieldsOf('a,b\r\nc,d\ne,f\rg,h')).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f'], ['g', 'h']]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(fieldsOf('"Soda, 500 ml","He said ""hi""","two\r\nlines"\r\nx,y,z\r\n')).toEqual([
      ['Soda, 500 ml', 'He said "hi"', 'two\r\nlines'],
      ['x', 'y', 'z'],
    ]);
  });

  it('keeps empty fields, quoted or not, and a trailing empty field', () => {
    expect(fieldsOf('a,,""\r\nb,\r\n')).toEqual([['a', '', ''], ['b', '']]);
  });

  it('drops a UTF-8 byte order mark and blank lines', () => {
    expect(fieldsOf('\uFEFFname,sku\r\n\r\nMilk,M1\r\n\r\n')).toEqual([['name', 'sku'], ['Milk', 'M1']]);
  });

  it('numbers rows as a spreadsheet does: a quoted line break stays in its row, blank lines count', () => {
    const result = parseCsv('h\r\n"a\r\nb"\r\n\r\nc\r\n');
    expect(result.ok && result.records.map((record) => record.row)).toEqual([1, 2, 4]);
  });

  it('takes a quote inside an unquoted field as text', () => {
    expect(fieldsOf('12" pizza,x')).toEqual([['12" pizza', 'x']]);
  });

  it('reports an unclosed quote with its row', () => {
    expect(parseCsv('a\r\n"never closed,b\r\nc')).toEqual({ ok: false, row: 2, message: expect.stringMatching(/Row 2: a quoted field is never closed/) });
  });

  it('reports text after a closing quote', () => {
    const result = parseCsv('"a"b,c');
    expect(result.ok).toBe(false);
  });

  it('reads an empty text as no records', () => {
    expect(fieldsOf('')).toEqual([]);
  });
});

describe('serializeCsv', () => {
  it('quotes only what needs it and ends every record with CRLF', () => {
    expect(serializeCsv([['name', 'note'], ['Soda, 500 ml', 'say "hi"'], ['two\nlines', ' padded ']])).toBe(
      'name,note\r\n"Soda, 500 ml","say ""hi"""\r\n"two\nlines"," padded "\r\n',
    );
    expect(serializeCsvField('plain')).toBe('plain');
  });

  it('round-trips through parseCsv', () => {
    const records = [['a,b', '"q"', 'x\r\ny', ''], ['', 'é ü ñ', '12" pizza', ' edge ']];
    expect(fieldsOf(serializeCsv(records))).toEqual(records);
  });
});

describe('formula cells', () => {
  it('prefixes cells a spreadsheet would run and takes the prefix off again', () => {
    for (const value of ['=SUM(A1)', '+254700000000', '-5', '@cmd']) {
      expect(escapeFormula(value)).toBe(`'${value}`);
      expect(unescapeFormula(escapeFormula(value))).toBe(value);
    }
    expect(escapeFormula('Milk')).toBe('Milk');
    expect(unescapeFormula("'quoted name")).toBe("'quoted name");
  });
});
