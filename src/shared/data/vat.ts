/**
 * Standard VAT (GST in Australia and Canada) on electronically supplied services, in percent, by the
 * buyer's country (decision 0031): credits are a digital service, taxed where the member lives (the EU's
 * one-stop shop; Norway, Switzerland, the UK and Australia tax foreign sellers of digital services the
 * same way). Canada is the federal GST only; the United States have no federal VAT (state sales tax is
 * not shown). Prices already include it: the receipt shows the part of the amount that is VAT.
 */
export const VAT_RATES: Readonly<Record<string, number>> = {
  NL: 21,
  BE: 21,
  LU: 17,
  DE: 19,
  AT: 20,
  CH: 8.1,
  DK: 25,
  NO: 25,
  SE: 25,
  FI: 25.5,
  FR: 20,
  IT: 22,
  ES: 21,
  PL: 23,
  GB: 20,
  IE: 23,
  CA: 5,
  AU: 10,
};

/** The VAT inside an amount that includes it, in cents (rounded half up), or null where none applies. */
export function vatIncluded(cents: number, country: string): { rate: number; cents: number } | null {
  const rate = VAT_RATES[country];
  if (!rate) return null;
  return { rate, cents: Math.round((cents * rate) / (100 + rate)) };
}
