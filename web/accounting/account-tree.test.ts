import { describe, expect, it } from 'vitest';
import type { LedgerAccount } from '../../core/accounting/accounting.schemas';
import { accountTree } from './account-tree';

const account = (id: string, code: string, parentId: string | null = null): LedgerAccount => ({
  id,
  code,
  name: `Account ${code}`,
  type: 'asset',
  systemKey: null,
  parentId,
  description: null,
  isArchived: false,
  balanceMinor: 0,
  hasPostings: false,
});

describe('the chart as a tree', () => {
  it('puts each parent before its children, by code as numbers, with their depth', () => {
    const cash = account('cash', '1000');
    const rows = accountTree([
      account('bank', '1050'),
      account('till-2', '1010', 'cash'),
      cash,
      account('till-1', '1001', 'cash'),
      account('float', '10011', 'till-1'),
    ]);
    expect(rows.map(({ account: { code }, depth }) => `${code}@${depth}`)).toEqual(['1000@0', '1001@1', '10011@2', '1010@1', '1050@0']);
  });

  it('shows an account whose parent is not in the list (another type, or archived out of view) at the top', () => {
    expect(accountTree([account('child', '1300', 'elsewhere')]).map(({ depth }) => depth)).toEqual([0]);
  });
});
