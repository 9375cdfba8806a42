import { z } from 'zod';
import { fromCents, money, toCents } from '../money';
import { messages } from '../messages';
import { requiredMsg, text } from '../validation';
import { availabilityRequest, availabilityRules, availabilitySchema } from './availability';

export const PIZZA_SIZE_NAME_MAX = 24;
export const PIZZA_TOPPING_NAME_MAX = 24;

const size = z.object({
  name: text('Name', { min: 1, max: PIZZA_SIZE_NAME_MAX }),
  hasHalfAndHalf: z.boolean().default(false),
  halfAndHalfExtraCharge: money('Extra charge'),
});
const topping = z.object({
  name: text('Name', { min: 1, max: PIZZA_TOPPING_NAME_MAX }),
  // An empty price is a missing one, and a missing price is 0 (spec 3 §3).
  prices: z
    .record(
      z.string(),
      z.preprocess((v) => v ?? 0, money('Price')),
    )
    .default({}),
  availability: availabilitySchema.default({ soldOut: false, until: null }),
});

/**
 * Spec 3 §3, §5: the Pizza Settings tab. Sizes are what every pizza prices; the toppings apply to any pizza that
 * lists none of its own. A topping price missing for a size is filled with 0.
 */
export const pizzaSettingsSchema = z
  .object({
    active: z.boolean({ error: requiredMsg('Active') }),
    hasHalfAndHalf: z.boolean({ error: requiredMsg('Half and half') }),
    sizes: z.array(size).min(1, { error: messages.minItems }).max(12),
    // Required on a save (an absent list would empty the stored one); a document stored without it reads as none.
    toppings: z.array(topping, { error: requiredMsg('Toppings') }).max(100),
  })
  .superRefine(
    (s, ctx) => {
      const seen = new Set<string>();
      s.sizes.forEach((x, i) => {
        if (typeof x?.name !== 'string') return;
        if (seen.has(x.name.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['sizes', i, 'name'], message: messages.sizeNamesUnique });
        seen.add(x.name.toLowerCase());
      });
      const names = new Set<string>();
      // Runs even when a field is missing or of another type (`when`), so a size named twice is reported beside a
      // toppings list that is absent or not a list.
      (Array.isArray(s.toppings) ? s.toppings : []).forEach((t, i) => {
        if (typeof t?.name !== 'string') return;
        if (names.has(t.name.toLowerCase()))
          ctx.addIssue({ code: 'custom', path: ['toppings', i, 'name'], message: messages.toppingNamesUnique });
        names.add(t.name.toLowerCase());
      });
    },
    { when: ({ value }) => typeof value === 'object' && value !== null && Array.isArray((value as { sizes?: unknown }).sizes) },
  )
  .transform((s) => ({
    ...s,
    toppings: s.toppings.map((t) => ({ ...t, prices: Object.fromEntries(s.sizes.map((z) => [z.name, t.prices[z.name] ?? 0])) })),
  }));
export type PizzaSettings = z.output<typeof pizzaSettingsSchema>;

/**
 * A topping's availability belongs to the one-click toggle (PUT …/settings/pizza/toppings/availability), not to the
 * Pizza Settings tab: saving the whole document keeps each stored topping's availability (matched by name, as
 * ordering matches), and a new or renamed topping starts on sale.
 */
export function keepToppingAvailability(value: PizzaSettings, stored: Record<string, unknown> | undefined): PizzaSettings {
  const before = new Map<string, unknown>();
  const toppings = stored?.toppings;
  if (Array.isArray(toppings))
    for (const t of toppings as { name?: unknown; availability?: unknown }[])
      if (typeof t?.name === 'string') before.set(t.name, t.availability);
  return {
    ...value,
    toppings: value.toppings.map((t) => {
      const kept = availabilitySchema.safeParse(before.get(t.name));
      return { ...t, availability: kept.success ? kept.data : { soldOut: false, until: null } };
    }),
  };
}

export const defaultPizzaSettings: PizzaSettings = {
  active: false,
  hasHalfAndHalf: true,
  sizes: [
    { name: 'Small', hasHalfAndHalf: false, halfAndHalfExtraCharge: 0 },
    { name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 0 },
    { name: 'Family', hasHalfAndHalf: true, halfAndHalfExtraCharge: 0 },
    { name: 'Party', hasHalfAndHalf: true, halfAndHalfExtraCharge: 0 },
  ],
  toppings: [],
};

/**
 * PUT .../settings/pizza/toppings/availability: sells out (or puts back) one of the shop's toppings, for every pizza
 * that uses them; the same choices and rules as an item's availability.
 */
export const shopToppingAvailabilityBody = z
  .object({ ...availabilityRequest, topping: text('Topping', { min: 1, max: PIZZA_TOPPING_NAME_MAX }) })
  .superRefine(availabilityRules);
export type ShopToppingAvailabilityBody = z.infer<typeof shopToppingAvailabilityBody>;

/** Pizzas can be made once pizza is switched on in settings with at least one size (spec 2 §4 "Pizza rules"). */
export const pizzaConfigured = (s: { active: boolean; sizes: readonly unknown[] }) => s.active && s.sizes.length > 0;

type Doc = Record<string, unknown>;
const mapArray = (v: unknown, f: (x: Doc) => Doc) => (Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' ? f(x as Doc) : x)) : v);
const mapPrices = (v: unknown, f: (n: number) => number) =>
  v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, n]) => [k, typeof n === 'number' ? f(n) : n])) : v;
const convert = (d: Doc, f: (n: number) => number): Doc => ({
  ...d,
  sizes: mapArray(d.sizes, (s) => ({
    ...s,
    halfAndHalfExtraCharge: typeof s.halfAndHalfExtraCharge === 'number' ? f(s.halfAndHalfExtraCharge) : s.halfAndHalfExtraCharge,
  })),
  toppings: mapArray(d.toppings, (t) => ({ ...t, prices: mapPrices(t.prices, f) })),
});

/** Stored with amounts in cents; the API and the form use currency units. */
export const pizzaSettingsToStored = (s: PizzaSettings): Doc => convert(s, toCents);
export const pizzaSettingsFromStored = (d: Doc): Doc => convert(d, fromCents);
