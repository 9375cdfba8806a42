import { z } from 'zod';
import { format, messages } from './messages';
import { fromCents, money, toCents } from './money';
import { requiredMsg } from './validation';

const LOYALTY_TYPES = ['AMOUNT', 'PERCENTAGE'] as const;
export const LOYALTY_COUNT = { min: 1, max: 100 } as const;
/** The card background's aspect (spec 3 §3: optional PNG at 4:3). */
export const LOYALTY_CARD_ASPECT = 'FOUR_THREE' as const;

/**
 * The `loyalty` settings kind (spec 3 §3): after `count` orders the customer gets `amount` (currency units) or
 * `percentage` off, by `type`. `cardBg` is `{ path }` of an image this server stored (as a shop logo is), or null.
 */
export const loyaltySchema = z.object({
  enabled: z.boolean({ error: requiredMsg('Enabled') }),
  count: z
    .number({ error: requiredMsg('Count') })
    .int({ error: messages.wholeNumber })
    .min(LOYALTY_COUNT.min, { error: format(messages.minNumber, { n: LOYALTY_COUNT.min }) })
    .max(LOYALTY_COUNT.max, { error: format(messages.maxNumber, { n: LOYALTY_COUNT.max }) }),
  type: z.enum(LOYALTY_TYPES, { error: requiredMsg('Type') }),
  percentage: z
    .number({ error: requiredMsg('Percentage') })
    .min(0, { error: format(messages.minNumber, { n: 0 }) })
    .max(100, { error: format(messages.maxNumber, { n: 100 }) }),
  amount: money('Amount', { max: 10_000 }),
  noLoyaltyOnDiscountedOrders: z.boolean({ error: requiredMsg('No loyalty on discounted orders') }),
  cardBg: z
    .object({ path: z.string().trim().min(1).max(500) })
    .nullable()
    .optional()
    .default(null),
});
export type LoyaltySettings = z.output<typeof loyaltySchema>;

export const defaultLoyalty: LoyaltySettings = {
  enabled: false,
  count: 7,
  type: 'PERCENTAGE',
  percentage: 10,
  amount: 2,
  noLoyaltyOnDiscountedOrders: false,
  cardBg: null,
};

export const loyaltyToStored = (l: LoyaltySettings) => ({ ...l, amount: toCents(l.amount) });
export function loyaltyFromStored(stored: Record<string, unknown>): Record<string, unknown> {
  return typeof stored.amount === 'number' ? { ...stored, amount: fromCents(stored.amount) } : stored;
}
