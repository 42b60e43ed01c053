import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOrIncrement, placeDocumentErrors, readLineQuantity, type PickedVariant } from './stock-lines';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const soda: PickedVariant = { productId: 'p1', productName: 'Soda', variantId: 'v1', variantName: '', sku: 'SODA' };
const rice: PickedVariant = { productId: 'p2', productName: 'Rice', variantId: 'v2', variantName: '', sku: 'RICE' };

describe('readLineQuantity', () => {
  it('reads decimals for weighed goods and whole numbers for pieces', () => {
    expect(readLineQuantity('1.5', true)).toEqual({ milli: 1500 });
    expect(readLineQuantity('3', false)).toEqual({ milli: 3000 });
    expect(readLineQuantity('1.5', false)).toEqual({ problem: 'This product is counted in whole pieces' });
  });

  it('refuses blank, zero and text', () => {
    expect(readLineQuantity(' ', true)).toEqual({ problem: 'Enter a quantity' });
    expect(readLineQuantity('0', true)).toEqual({ problem: 'Enter a quantity more than 0' });
    expect(readLineQuantity('two', false)).toEqual({ problem: 'Enter a whole number like 2' });
    expect(readLineQuantity('-1', true)).toEqual({ problem: 'Enter a quantity like 2 or 1.5' });
  });
});

describe('addOrIncrement', () => {
  it('adds a new product as a line of 1 at the end', () => {
    const first = addOrIncrement([], soda, 'remove');
    const second = addOrIncrement(first.lines, rice, 'add');
    expect(second.index).toBe(1);
    expect(second.lines.map((line) => [line.sku, line.quantityText, line.direction])).toEqual([
      ['SODA', '1', 'remove'],
      ['RICE', '1', 'add'],
    ]);
  });

  it('counts one more on the line of a product picked again', () => {
    const start = addOrIncrement(addOrIncrement([], soda, 'remove').lines, rice, 'remove').lines;
    const edited = start.map((line) => (line.sku === 'SODA' ? { ...line, quantityText: '2.5' } : line));
    const again = addOrIncrement(edited, soda, 'add');
    expect(again.index).toBe(0);
    expect(again.lines).toHaveLength(2);
    expect(again.lines[0]).toMatchObject({ quantityText: '3.5', direction: 'remove' });
  });
});

describe('placeDocumentErrors', () => {
  const lines = [{ variantId: 'v1' }, { variantId: 'v2' }];

  it('puts the ledger’s "not enough stock" on the line it names', () => {
    const message = 'Not enough stock of Soda at Main shop: 2 on hand';
    expect(placeDocumentErrors(message, { v2: [message] }, lines)).toEqual({ lines: { v2: message }, fields: {}, form: null });
  });

  it('puts schema messages on lines by position and on fields by name', () => {
    const placed = placeDocumentErrors('Invalid input', { 'lines.0.quantityChangeMilli': ['Enter a change other than 0'], locationId: ['Choose a location'] }, lines);
    expect(placed).toEqual({ lines: { v1: 'Enter a change other than 0' }, fields: { locationId: 'Choose a location' }, form: null });
  });

  it('keeps whole-document messages for the top of the form', () => {
    expect(placeDocumentErrors('Invalid input', { lines: ['Add at least one product'] }, [])).toEqual({ lines: {}, fields: {}, form: 'Add at least one product' });
    expect(placeDocumentErrors('Upgrade to Pro', undefined, lines).form).toBe('Upgrade to Pro');
  });
});
