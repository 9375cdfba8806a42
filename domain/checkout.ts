import { z } from 'zod';
import { fromCents, money, toCents } from './money';
import { format, messages } from './messages';
import { maxLenMsg, minLenMsg, requiredMsg } from './validation';

export const COLLECTION_TYPES = ['NA', 'PICKUP_ONLY', 'DELIVERY_ONLY', 'PICKUP_AND_DELIVERY'] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];
/** CAFE is shown as 'Same Day'; CUSTOM uses the custom_collection schedule. */
const COLLECTION_TIMES = ['CAFE', 'CUSTOM'] as const;

/** Spec 3 §5/§9 bounds. */
const COLLECTION_NAME_TITLE = { min: 4, max: 24 } as const;
const COLLECTION_NAME_SUBTITLE = { min: 4, max: 60 } as const;
export const SURCHARGE_AMOUNT_MAX = 1;
export const SURCHARGE_PERCENTAGE_MAX = 3;
export const SURCHARGE_MINIMUM_ORDER_MAX = 1000;
/** How many days ahead a customer may order with a custom collection time (beyond the spec). */
export const MAX_DAYS_AHEAD = { min: 1, max: 90, default: 7 } as const;

/** Optional text that, when given, is min to max characters (an empty string is "not given"). */
export const optionalText = ({ min, max }: { min: number; max: number }) =>
  z
    .string()
    .trim()
    .max(max, { error: maxLenMsg(max) })
    .refine((s) => s === '' || s.length >= min, { error: minLenMsg(min) })
    .optional()
    .default('');

/** Required text of min to max characters. */
export const requiredText = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .string({ error: requiredMsg(label) })
    .trim()
    .min(1, { error: requiredMsg(label) })
    .min(min, { error: minLenMsg(min) })
    .max(max, { error: maxLenMsg(max) });

const percentageUpTo = (label: string, max: number) =>
  z
    .number({ error: requiredMsg(label) })
    .min(0, { error: format(messages.minNumber, { n: 0 }) })
    .max(max, { error: format(messages.maxNumber, { n: max }) });

/**
 * The `checkout` settings kind (spec 3 §3, defaults spec 2 §3). Money fields in currency units. The minimum
 * order for the surcharge has two names in the spec: it is stored once and answered under both; a PUT may use
 * either (creditCardSurchargeMinimumOrderValue wins when both are sent).
 */
export const checkoutSchema = z
  .object({
    collectionType: z.enum(COLLECTION_TYPES, { error: requiredMsg('Collection type') }),
    collectionTime: z.enum(COLLECTION_TIMES, { error: requiredMsg('Collection time') }),
    hasCollectionTime: z.boolean({ error: requiredMsg('Has collection time') }),
    hasCollectionName: z.boolean({ error: requiredMsg('Has collection name') }),
    collectionName: z
      .object({ title: z.string().trim().optional().default(''), subtitle: optionalText(COLLECTION_NAME_SUBTITLE) })
      .optional()
      .default({ title: '', subtitle: '' }),
    hasComments: z.boolean({ error: requiredMsg('Has comments') }),
    hasCoupons: z.boolean({ error: requiredMsg('Has coupons') }),
    hasCash: z.boolean({ error: requiredMsg('Has cash') }),
    creditCardSurchargeEnabled: z.boolean({ error: requiredMsg('Credit card surcharge') }),
    creditCardSurchargeAmount: money('Surcharge amount', { max: SURCHARGE_AMOUNT_MAX }),
    creditCardSurchargePercentage: percentageUpTo('Surcharge percentage', SURCHARGE_PERCENTAGE_MAX),
    creditCardSurchargeMinimumOrderValue: money('Minimum order value', { max: SURCHARGE_MINIMUM_ORDER_MAX }).optional(),
    creditCardMinimumOrderValue: money('Minimum order value', { max: SURCHARGE_MINIMUM_ORDER_MAX }).optional(),
    /** Shop-zone days after today a collection time may fall on; a document saved before it existed reads 7. */
    maxDaysAhead: z
      .number({ error: requiredMsg('Max days ahead') })
      .int({ error: messages.wholeNumber })
      .min(MAX_DAYS_AHEAD.min, { error: format(messages.minNumber, { n: MAX_DAYS_AHEAD.min }) })
      .max(MAX_DAYS_AHEAD.max, { error: format(messages.maxNumber, { n: MAX_DAYS_AHEAD.max }) })
      .default(MAX_DAYS_AHEAD.default),
  })
  .superRefine((c, ctx) => {
    if (!c.hasCollectionName) return;
    const title = requiredText('Title', COLLECTION_NAME_TITLE).safeParse(c.collectionName.title);
    if (!title.success) ctx.addIssue({ code: 'custom', path: ['collectionName', 'title'], message: title.error.issues[0]!.message });
  })
  .transform(({ creditCardMinimumOrderValue, creditCardSurchargeMinimumOrderValue, ...c }) => {
    const minimum = creditCardSurchargeMinimumOrderValue ?? creditCardMinimumOrderValue ?? 0;
    return { ...c, creditCardSurchargeMinimumOrderValue: minimum, creditCardMinimumOrderValue: minimum };
  });
export type CheckoutSettings = z.output<typeof checkoutSchema>;

export const defaultCheckout: CheckoutSettings = {
  collectionType: 'PICKUP_AND_DELIVERY',
  collectionTime: 'CAFE',
  hasCollectionTime: true,
  hasCollectionName: false,
  collectionName: { title: '', subtitle: '' },
  hasComments: true,
  hasCoupons: true,
  hasCash: true,
  creditCardSurchargeEnabled: false,
  creditCardSurchargeAmount: 0,
  creditCardSurchargePercentage: 0,
  creditCardSurchargeMinimumOrderValue: 0,
  creditCardMinimumOrderValue: 0,
  maxDaysAhead: MAX_DAYS_AHEAD.default,
};

/** Stored shape: money in cents, the minimum order once (under the stored record's name). */
export function checkoutToStored(c: CheckoutSettings): Record<string, unknown> {
  const { creditCardSurchargeMinimumOrderValue, creditCardMinimumOrderValue: _, ...rest } = c;
  return {
    ...rest,
    creditCardSurchargeAmount: toCents(c.creditCardSurchargeAmount),
    creditCardMinimumOrderValue: toCents(creditCardSurchargeMinimumOrderValue),
  };
}

export function checkoutFromStored(stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...stored };
  if (typeof stored.creditCardSurchargeAmount === 'number') out.creditCardSurchargeAmount = fromCents(stored.creditCardSurchargeAmount);
  if (typeof stored.creditCardMinimumOrderValue === 'number') {
    // Both names read the one stored value (the defaults would otherwise fill the form's name with 0).
    out.creditCardMinimumOrderValue = fromCents(stored.creditCardMinimumOrderValue);
    out.creditCardSurchargeMinimumOrderValue = out.creditCardMinimumOrderValue;
  }
  return out;
}

/**
 * The card surcharge of an order, in cents (for ordering): none when disabled or the subtotal is under the
 * minimum; otherwise the fixed amount plus the percentage of the subtotal, rounded to the cent.
 */
export function cardSurchargeCents(c: CheckoutSettings, subtotalCents: number): number {
  if (!c.creditCardSurchargeEnabled) return 0;
  if (subtotalCents < toCents(c.creditCardSurchargeMinimumOrderValue)) return 0;
  return toCents(c.creditCardSurchargeAmount) + Math.round((subtotalCents * c.creditCardSurchargePercentage) / 100);
}
