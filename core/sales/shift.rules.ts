// Cashing up a shift (issue 15). Pure integer arithmetic in minor units. The difference between
// what is counted and what is expected is recorded as it is (never forced to zero); above the
// shop's tolerance a manager approves it.

export interface ShiftCashFlows {
  openingFloatMinor: number;
  /** Cash taken for sales, already net of the change given. */
  cashSalesMinor: number;
  /** Cash paid out of the drawer for returns and voids. */
  cashRefundsMinor: number;
  /** Cash put in during the shift (float top-ups). */
  cashInMinor: number;
  /** Cash taken out during the shift (bank deposits, suppliers, expenses). */
  cashOutMinor: number;
}

/**
 * What the drawer should hold: float + cash sales − cash refunds + cash in − cash out. It may be
 * negative when more was paid out than came in; that is a figure to show, not an error. Throws a
 * RangeError for any flow that is not whole non-negative minor units.
 */
export function expectedCashMinor(flows: ShiftCashFlows): number {
  const { openingFloatMinor, cashSalesMinor, cashRefundsMinor, cashInMinor, cashOutMinor } = flows;
  for (const amount of [openingFloatMinor, cashSalesMinor, cashRefundsMinor, cashInMinor, cashOutMinor]) checkMoney(amount);
  return checkSafe(openingFloatMinor + cashSalesMinor - cashRefundsMinor + cashInMinor - cashOutMinor);
}

/** Over (> 0) or short (< 0): counted − expected. */
export function overShortMinor(countedMinor: number, expectedMinor: number): number {
  checkMoney(countedMinor);
  checkSafe(expectedMinor);
  return checkSafe(countedMinor - expectedMinor);
}

/** A difference either way larger than the shop's tolerance needs a manager's approval. */
export function needsOverShortApproval(overShort: number, toleranceMinor: number): boolean {
  checkSafe(overShort);
  checkMoney(toleranceMinor);
  return Math.abs(overShort) > toleranceMinor;
}

function checkMoney(amount: number) {
  if (checkSafe(amount) < 0) throw new RangeError(`Money must be whole minor units ≥ 0, got ${amount}`);
}

function checkSafe(amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Money must be whole minor units, got ${amount}`);
  return amount;
}
