// Money is integer minor units everywhere (house rule 3); formatting happens at the edge.

/** "KES 1,500.00" from 150000 minor units. */
export function formatMinorUnits(amountMinor: number, currency: string, decimals = 2): string {
  const major = amountMinor / 10 ** decimals;
  return `${currency} ${major.toLocaleString('en-KE', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}
