import { z } from 'zod';
import { fromCents, money, toCents } from '../money';
import { messages } from '../messages';
import { requiredMsg, text } from '../validation';

export const SUBURB_NAME_MAX = 40;
const MAX_SUBURBS = 500;

const suburb = z.object({
  name: text('Suburb', { min: 1, max: SUBURB_NAME_MAX }),
  // A cleared form field arrives as null: no postcode.
  postcode: z.preprocess(
    (v) => v ?? '',
    z
      .string()
      .trim()
      .max(10, { error: 'should not be larger than 10 characters' })
      .regex(/^[A-Za-z0-9 -]*$/, { error: messages.postcodeInvalid }),
  ),
  deliveryCharges: money('Delivery charges'),
});

/** Spec 2 §3 "Delivery info": the minimum order for delivery and the suburbs delivered to, each with its charge. */
export const deliverySettingsSchema = z
  .object({
    minOrderValue: money('Minimum order value'),
    // Required on a save (an absent list would empty the stored one); a document stored without it reads as none.
    suburbs: z.array(suburb, { error: requiredMsg('Suburbs') }).max(MAX_SUBURBS),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.suburbs.forEach((s, i) => {
      const key = `${s.name.toLowerCase()}|${s.postcode.toLowerCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['suburbs', i, 'name'], message: messages.suburbTwice });
      seen.add(key);
    });
  });
export type DeliverySettings = z.output<typeof deliverySettingsSchema>;
export const defaultDeliverySettings: DeliverySettings = { minOrderValue: 0, suburbs: [] };

type Doc = Record<string, unknown>;
const convert = (d: Doc, f: (n: number) => number): Doc => ({
  ...d,
  ...(typeof d.minOrderValue === 'number' ? { minOrderValue: f(d.minOrderValue) } : {}),
  ...(Array.isArray(d.suburbs)
    ? { suburbs: d.suburbs.map((s: Doc) => (typeof s?.deliveryCharges === 'number' ? { ...s, deliveryCharges: f(s.deliveryCharges) } : s)) }
    : {}),
});
export const deliveryToStored = (d: DeliverySettings): Doc => convert(d, toCents);
export const deliveryFromStored = (d: Doc): Doc => convert(d, fromCents);
