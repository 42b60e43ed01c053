import { describe, expect, it } from 'vitest';
import { readReportState, reportApiQuery, reportStateToAddress, reportUrl, savedParamsOf, stateFromSaved } from './report-state';

const TODAY = '2026-11-25';
const LOCATION = '0b5a9a64-5f1c-4c36-9b9e-2d1f8f0c2a11';
const read = (search: string) => readReportState(new URLSearchParams(search));

describe('the Reports screen’s address', () => {
  it('opens the default report for this month when the address is empty or wrong', () => {
    const state = read('report=nope&preset=soon&pageSize=33&page=-2&sort=a;b&locationId=x');
    expect(state).toMatchObject({ report: 'sales-by-period', preset: 'this_month', page: 1, pageSize: 50, sort: undefined, locationId: undefined, hidden: [] });
    expect(reportApiQuery(state, TODAY)).toEqual({ from: '2026-11-01', to: TODAY, groupBy: 'day', pageSize: '50' });
  });

  it('round-trips a report with its filters through the address', () => {
    const search = `report=sales-by-product&preset=last_month&locationId=${LOCATION}&q=soda&sort=quantity&dir=asc&page=3&pageSize=100&hide=sku,marginBp`;
    const state = read(search);
    expect(state).toMatchObject({ report: 'sales-by-product', preset: 'last_month', q: 'soda', sort: 'quantity', dir: 'asc', page: 3, pageSize: 100, hidden: ['sku', 'marginBp'] });
    const address = reportStateToAddress(state);
    const again = readReportState(new URLSearchParams(Object.entries(address).filter((entry): entry is [string, string] => entry[1] !== undefined)));
    expect(again).toEqual(state);
  });

  it('asks the API for a preset’s days, or the custom days', () => {
    expect(reportApiQuery(read('report=sales-by-category&preset=last_month'), TODAY)).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(reportApiQuery(read('report=sales-by-category&preset=custom&from=2026-01-05&to=2026-02-10'), TODAY)).toMatchObject({ from: '2026-01-05', to: '2026-02-10' });
    // Custom days are not written for a preset.
    expect(reportStateToAddress(read('preset=today&from=2026-01-05')).from).toBeUndefined();
  });

  it('sends only what the report takes', () => {
    const stock = reportApiQuery(read('report=stock-valuation&q=rice&groupBy=week&days=30'), TODAY);
    expect(stock).toEqual({ date: TODAY, q: 'rice', pageSize: '50' });
    const slow = reportApiQuery(read('report=slow-movers&days=30'), TODAY);
    expect(slow).toEqual({ days: '30', pageSize: '50' });
    expect(reportApiQuery(read('report=slow-movers'), TODAY).days).toBe('90');
    // A hidden column the report does not have is not sent.
    expect(reportApiQuery(read('report=sales-by-category&hide=categoryName,nope'), TODAY).hide).toBe('categoryName');
  });

  it('downloads the whole report: no page, the format added', () => {
    const query = reportApiQuery(read('report=sales-by-category&preset=last_month&page=2'), TODAY);
    expect(reportUrl('sales-by-category', query, 'csv')).toBe('/api/reports/sales-by-category?from=2026-10-01&to=2026-10-31&format=csv');
    expect(reportUrl('sales-by-category', query)).toBe('/api/reports/sales-by-category?from=2026-10-01&to=2026-10-31&page=2&pageSize=50');
  });

  it('saves the screen’s choices and opens them again', () => {
    const state = read(`report=sales-by-period&preset=custom&from=2026-01-01&to=2026-03-31&groupBy=month&locationId=${LOCATION}&sort=period&dir=desc&hide=taxMinor`);
    const params = savedParamsOf(state);
    expect(params).toEqual({ preset: 'custom', from: '2026-01-01', to: '2026-03-31', groupBy: 'month', locationId: LOCATION, sort: 'period', dir: 'desc', hiddenColumns: ['taxMinor'] });
    expect(stateFromSaved('sales-by-period', params)).toEqual({ ...state, page: 1 });
  });
});
