import { describe, expect, it } from 'vitest';
import { changeListState, DEFAULT_LIST_STATE, isFiltered, productListSearch, readListState, writeListState } from './product-list-params';

const CATEGORY = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

describe('products list state in the address', () => {
  it('reads the defaults from an empty address and writes none of them back', () => {
    expect(readListState(new URLSearchParams())).toEqual(DEFAULT_LIST_STATE);
    expect(writeListState(DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('round-trips search, filters, sort and page', () => {
    const state = { ...DEFAULT_LIST_STATE, search: 'milk', categoryId: CATEGORY, stock: 'low' as const, sort: 'price' as const, order: 'desc' as const, page: 3, pageSize: 50 as const };
    const params = writeListState(state);
    expect(params.get('search')).toBe('milk');
    expect(params.has('status')).toBe(false);
    expect(readListState(params)).toEqual(state);
  });

  it('falls back to defaults for unknown or unsafe values', () => {
    const state = readListState(new URLSearchParams('sort=drop&order=up&page=-2&pageSize=7&stock=some&categoryId=1%20OR%201&status=deleted'));
    expect(state).toEqual(DEFAULT_LIST_STATE);
  });

  it('starts from page 1 when the search or a filter changes, not when the page does', () => {
    const onPage4 = { ...DEFAULT_LIST_STATE, page: 4 };
    expect(changeListState(onPage4, { search: 'soap' }).page).toBe(1);
    expect(changeListState(onPage4, { page: 5 }).page).toBe(5);
  });

  it('asks the API with every list parameter and leaves blanks out', () => {
    const query = new URLSearchParams(productListSearch({ ...DEFAULT_LIST_STATE, search: '  bread ', brandId: CATEGORY }));
    expect(Object.fromEntries(query)).toEqual({ stock: 'all', status: 'active', sort: 'name', order: 'asc', page: '1', pageSize: '25', search: 'bread', brandId: CATEGORY });
  });

  it('tells a narrowed list from the whole catalog', () => {
    expect(isFiltered(DEFAULT_LIST_STATE)).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, status: 'archived' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, search: ' ' })).toBe(false);
  });
});
