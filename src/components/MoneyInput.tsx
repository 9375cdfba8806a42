import { NumberInput, type NumberInputProps } from 'react-admin';
import { hasAtMostTwoDecimals } from '../../domain/money';

/**
 * An amount of money as the owner reads it on a price tag: two decimals (4.5 shows as '4.50') when loaded and once
 * the field is left. The form keeps the number (4.5); only what is shown changes. An amount with more than two
 * decimals shows as typed, so the schema's 'at most two decimals' message is about what the owner sees.
 */
export const showMoney = (value: unknown): string => {
  if (value == null || value === '') return '';
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value);
  return hasAtMostTwoDecimals(value) ? value.toFixed(2) : String(value);
};

/** NumberInput for every amount of money in the console (prices, charges, surcharges, coupons' amounts). */
export function MoneyInput({ step = 0.01, ...props }: NumberInputProps) {
  return <NumberInput step={step} {...props} format={showMoney} />;
}
