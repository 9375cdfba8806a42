/**
 * The tax included in a shop's prices, by country. Prices are shown to customers tax-inclusive where the law asks for
 * it (AU and NZ GST, GB VAT), so the tax is a fixed fraction of the total; US prices leave sales tax out, so none of
 * the total is tax and the report says so instead of a figure.
 */
export interface TaxRule {
  /** What the report calls the tax line. */
  label: string;
  /** The included share of a total, as a fraction; null where the prices include no tax. */
  fraction: { numerator: number; denominator: number } | null;
}

export const SALES_TAX_NOT_INCLUDED = 'Sales tax not included';

const RULES: Record<string, TaxRule> = {
  // GST 10% on top of the price: 10/110 of a total is tax.
  AU: { label: 'GST', fraction: { numerator: 1, denominator: 11 } },
  // GST 15%: 15/115.
  NZ: { label: 'GST', fraction: { numerator: 3, denominator: 23 } },
  // VAT 20%: 20/120.
  GB: { label: 'VAT', fraction: { numerator: 1, denominator: 6 } },
  US: { label: SALES_TAX_NOT_INCLUDED, fraction: null },
};

/** The rule of a shop's country (AU's, the default country's, for one without its own). */
export const taxRule = (country: string): TaxRule => RULES[country] ?? RULES.AU!;

/** The tax included in `totalCents`, in cents rounded to the nearest cent; null where prices include none. */
export function includedTax(country: string, totalCents: number): number | null {
  const f = taxRule(country).fraction;
  return f ? Math.round((totalCents * f.numerator) / f.denominator) : null;
}
