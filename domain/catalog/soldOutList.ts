import { z } from 'zod';

/**
 * One thing sold out now, as the board's 'Sold out' panel lists it and as the item.sold_out / item.restored events
 * carry it: a whole item, one value of one of its choices, or one of its toppings.
 */
export const soldOutEntry = z.object({
  itemId: z.string(),
  name: z.string().describe("The item's name"),
  attribute: z.string().nullable().describe('With value: the choice one value of which is sold out (Milk)'),
  value: z.string().nullable().describe('The sold-out value (Oat)'),
  topping: z.string().nullable().describe("The sold-out topping of the item's own list"),
  until: z.string().nullable().describe('When it comes back by itself; null: when someone brings it back'),
});
export type SoldOutEntry = z.infer<typeof soldOutEntry>;

/** The item.sold_out / item.restored payload: the entry, and who changed it (a member, or the clock at `until`). */
export const soldOutEvent = soldOutEntry.extend({ by: z.enum(['STAFF', 'CLOCK']) });
export type SoldOutEvent = z.infer<typeof soldOutEvent>;

/** 'Flat White', 'Flat White — Milk: Oat', 'Margherita — Olives': how the board and messages name an entry. */
export function soldOutLabel(e: Pick<SoldOutEntry, 'name' | 'attribute' | 'value' | 'topping'>): string {
  if (e.topping !== null) return `${e.name} — ${e.topping}`;
  if (e.attribute !== null) return `${e.name} — ${e.attribute}: ${e.value}`;
  return e.name;
}
