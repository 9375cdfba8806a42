import { z } from 'zod';
import { day } from './dateSchemas';
import { format, messages } from './messages';
import { money } from './money';
import { DOWS, type Dow } from './weekdays';
import { requiredMsg } from './validation';

export const PROMOTION_TYPES = ['FLAT_AMOUNT_DISCOUNT', 'FLAT_PERCENTAGE_DISCOUNT', 'FREE_DELIVERY'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];
/** '' means pickup and delivery (spec 3 §3). */
const PROMOTION_COLLECTION_TYPES = ['', 'PICKUP', 'DELIVERY'] as const;
type PromotionCollectionType = (typeof PROMOTION_COLLECTION_TYPES)[number];

const COUPON_CODE = { min: 3, max: 14 } as const;
const COUPON_DESCRIPTION = { min: 6, max: 80 } as const;
const MAX_REDEEMS_MAX = 1_000_000;
const COUPON_CODE_PATTERN = /^[A-Z0-9]+$/;

const over = () => money('Applicable over amount');
const flatAmountDiscountSchema = z.object(
  {
    applicableOverAmount: over(),
    discountAmount: money('Discount amount').refine((n) => n > 0, { error: messages.discountAboveZero }),
  },
  { error: requiredMsg('Flat amount discount') },
);
const flatPercentageDiscountSchema = z.object(
  {
    applicableOverAmount: over(),
    discountPercentage: z
      .number({ error: requiredMsg('Discount percentage') })
      .gt(0, { error: messages.discountAboveZero })
      .max(100, { error: format(messages.maxNumber, { n: 100 }) }),
  },
  { error: requiredMsg('Flat percentage discount') },
);
const freeDeliverySchema = z.object({ applicableOverAmount: over() }, { error: requiredMsg('Free delivery') });

const common = {
  coupon: z
    .string({ error: requiredMsg('Coupon Code') })
    .trim()
    .min(1, { error: requiredMsg('Coupon Code') })
    .regex(COUPON_CODE_PATTERN, { error: messages.couponCode })
    .min(COUPON_CODE.min, { error: format(messages.minLength, { n: COUPON_CODE.min }) })
    .max(COUPON_CODE.max, { error: format(messages.maxLength, { n: COUPON_CODE.max }) }),
  description: z
    .string({ error: requiredMsg('Description') })
    .trim()
    .min(1, { error: requiredMsg('Description') })
    .min(COUPON_DESCRIPTION.min, { error: format(messages.minLength, { n: COUPON_DESCRIPTION.min }) })
    .max(COUPON_DESCRIPTION.max, { error: format(messages.maxLength, { n: COUPON_DESCRIPTION.max }) }),
  startDate: day('Start Date'),
  endDate: day('End Date'),
  /** Days the coupon works; empty means all days. */
  dows: z
    .array(z.enum(DOWS, { error: messages.invalidDow }))
    .optional()
    .default([])
    .transform((d) => DOWS.filter((x) => d.includes(x))),
  maxRedeems: z
    .number({ error: requiredMsg('Max Redeems') })
    .int({ error: messages.wholeNumber })
    .min(0, { error: format(messages.minNumber, { n: 0 }) })
    .max(MAX_REDEEMS_MAX, { error: format(messages.maxNumber, { n: MAX_REDEEMS_MAX }) })
    .optional()
    .default(0),
  exclusive: z
    .boolean({ error: requiredMsg('Exclusive') })
    .optional()
    .default(false),
  firstOrderDiscount: z
    .boolean({ error: requiredMsg('First Order Discount') })
    .optional()
    .default(false),
  collectionType: z
    .enum(PROMOTION_COLLECTION_TYPES, { error: messages.invalidCollectionType })
    .nullable()
    .optional()
    .default('')
    .transform((c) => c ?? ''),
};

/**
 * A coupon as the API takes it (spec 3 §3, spec 2 §5): the type's own settings map is required, the other two
 * are ignored. Money in currency units; dates are days of the shop's time zone (start at the start of its day,
 * end at the end of its day). Free delivery applies to delivery orders only, so its collectionType is DELIVERY.
 */
export const promotionInputSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ ...common, type: z.literal('FLAT_AMOUNT_DISCOUNT'), flatAmountDiscount: flatAmountDiscountSchema }),
      z.object({ ...common, type: z.literal('FLAT_PERCENTAGE_DISCOUNT'), flatPercentageDiscount: flatPercentageDiscountSchema }),
      z.object({ ...common, type: z.literal('FREE_DELIVERY'), freeDelivery: freeDeliverySchema }),
    ],
    { error: requiredMsg('Type') },
  )
  .superRefine((p, ctx) => {
    if (p.firstOrderDiscount && p.maxRedeems !== 1)
      ctx.addIssue({ code: 'custom', path: ['maxRedeems'], message: messages.firstOrderMaxRedeems });
    if (p.endDate < p.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: messages.endBeforeStart });
  })
  .transform((p) => (p.type === 'FREE_DELIVERY' ? { ...p, collectionType: 'DELIVERY' as const } : p));
export type PromotionValues = z.output<typeof promotionInputSchema>;
export type Promotion = PromotionValues & { id: string };

/** Spec 3 §3: a new coupon (dates are today in the shop's zone, filled by the form). */
export function newPromotion(today: string) {
  return {
    coupon: '',
    description: '',
    startDate: today,
    endDate: today,
    dows: [] as Dow[],
    maxRedeems: 0,
    exclusive: false,
    firstOrderDiscount: false,
    type: 'FLAT_AMOUNT_DISCOUNT' as PromotionType,
    collectionType: '' as PromotionCollectionType,
    flatAmountDiscount: { applicableOverAmount: 10, discountAmount: 5 },
    flatPercentageDiscount: { applicableOverAmount: 10, discountPercentage: 5 },
    freeDelivery: { applicableOverAmount: 10 },
  };
}

export const PROMOTION_TYPE_LABELS: Record<PromotionType, string> = {
  FLAT_AMOUNT_DISCOUNT: 'Flat Amount Discount',
  FLAT_PERCENTAGE_DISCOUNT: 'Flat Percentage Discount',
  FREE_DELIVERY: 'Free Delivery',
};

/** A stored coupon as the API answers it (only the type's own settings map is present). */
export const promotionSchema = z.object({
  id: z.string(),
  coupon: z.string(),
  description: z.string(),
  type: z.enum(PROMOTION_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  dows: z.array(z.enum(DOWS)),
  maxRedeems: z.number(),
  exclusive: z.boolean(),
  firstOrderDiscount: z.boolean(),
  collectionType: z.enum(PROMOTION_COLLECTION_TYPES),
  flatAmountDiscount: z.object({ applicableOverAmount: z.number(), discountAmount: z.number() }).optional(),
  flatPercentageDiscount: z.object({ applicableOverAmount: z.number(), discountPercentage: z.number() }).optional(),
  freeDelivery: z.object({ applicableOverAmount: z.number() }).optional(),
});
