// The one price calculation: the server charges what this returns, and the page shows the server's answer.

/** The discount in cents of `percentage` % off `amountCents`, rounded to the nearest cent (half up). */
export function discountCents(amountCents: number, percentage: number): number {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new Error('amount must be integer cents');
  if (!Number.isInteger(percentage) || percentage < 0 || percentage > 100) throw new Error('bad percentage');
  return Math.floor((amountCents * percentage + 50) / 100);
}

/** What a member pays for a bundle after a discount, in integer cents, never below 1 cent for a non-zero price. */
export function chargeCents(amountCents: number, percentage: number): number {
  const charge = amountCents - discountCents(amountCents, percentage);
  return amountCents > 0 ? Math.max(1, charge) : 0;
}

/** Price per credit in hundredths of a cent, to mark the best value without floating rounding. */
export function centsPerCreditX100(amountCents: number, credits: number): number {
  return Math.round((amountCents * 100) / credits);
}
