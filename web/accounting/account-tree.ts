import type { LedgerAccount } from '../../core/accounting/accounting.schemas';

/** By code as a person reads it: 1001 before 1010, 4900 before 10000. */
export const byCode = (a: Pick<LedgerAccount, 'code'>, b: Pick<LedgerAccount, 'code'>) => a.code.localeCompare(b.code, undefined, { numeric: true });

/** The accounts of one type as a tree: each parent followed by its children, by code, with their depth. */
export function accountTree(accounts: readonly LedgerAccount[]): Array<{ account: LedgerAccount; depth: number }> {
  const ids = new Set(accounts.map((account) => account.id));
  const childrenOf = new Map<string | null, LedgerAccount[]>();
  for (const account of accounts) {
    // A parent of another type (or archived out of view) does not hide its child: it starts a tree of its own.
    const parent = account.parentId && ids.has(account.parentId) ? account.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), account]);
  }
  const rows: Array<{ account: LedgerAccount; depth: number }> = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const account of [...(childrenOf.get(parentId) ?? [])].sort(byCode)) {
      rows.push({ account, depth });
      visit(account.id, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}
