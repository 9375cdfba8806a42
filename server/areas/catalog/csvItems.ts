import type { Availability } from '../../../domain/catalog/availability';
import { itemInput, type ItemInput } from '../../../domain/catalog/item';
import { itemCsvRow, type CsvItem } from '../../../domain/catalog/itemCsv';
import type { Menu } from '../../../domain/catalog/menu';
import { itemJson, type ItemRow } from './repo';

/** Names of the categories that list each item, in menu order (a name once even if two categories share it). */
export function categoriesByItem(menu: Menu): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of menu.categories) {
    for (const id of c.itemIds) {
      const names = out.get(id) ?? [];
      if (!names.includes(c.name)) names.push(c.name);
      out.set(id, names);
    }
  }
  return out;
}

/** The same instant written one way, so '…T00:00Z' and '…T00:00:00.000Z' are no change. */
const sameInstant = (a: Availability): Availability => ({
  soldOut: a.soldOut,
  until: a.soldOut && a.until ? new Date(a.until).toISOString() : null,
});

/** A pizza's price is its lowest size's (the server sets it; the CSV's cell for it is not read). */
export function withPizzaPrice(input: ItemInput): ItemInput {
  return input.type === 'PIZZA' ? { ...input, price: Math.min(...Object.values(input.sizes).map((s) => s.price)) } : input;
}

/**
 * A stored item as the CSV holds it, read through the item schema as an import would read it, so an item exported and
 * imported unchanged compares equal. An item the schema no longer takes is kept as stored (any row for it is a change).
 */
export function csvItemOf(row: ItemRow, categories: string[]): CsvItem {
  const json = itemJson(row);
  const parsed = itemInput.safeParse(json);
  return {
    id: row.id,
    input: parsed.success ? withPizzaPrice(parsed.data) : (json as ItemInput),
    availability: sameInstant(json.availability),
    categories,
  };
}

/** The row read from the file with the same normal forms as csvItemOf, and its categories in menu order. */
export function normalRead(item: CsvItem, menu: Menu): CsvItem {
  const order = menu.categories.map((c) => c.name);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const categories = [...item.categories].sort((a, b) => rank(a) - rank(b));
  return { ...item, input: withPizzaPrice(item.input), availability: sameInstant(item.availability), categories };
}

/** The cells that differ between two readings of an item (the id aside): what the dry run shows as the change. */
export function cellChanges(before: CsvItem, after: CsvItem): { column: string; from: string; to: string }[] {
  const a = itemCsvRow({ ...before, id: null });
  const b = itemCsvRow({ ...after, id: null });
  const columns = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const same = (c: string) => (c === 'details' ? sameJson(a[c], b[c]) : (a[c] ?? '') === (b[c] ?? ''));
  return columns.filter((c) => !same(c)).map((c) => ({ column: c, from: a[c] ?? '', to: b[c] ?? '' }));
}

const sameJson = (x = '', y = '') => x === y || (x !== '' && y !== '' && canonical(JSON.parse(x)) === canonical(JSON.parse(y)));

/** Whether the item document (everything but the sold-out state and the categories) differs. */
export function inputChanged(before: CsvItem, after: CsvItem): boolean {
  return canonical(before.input) !== canonical(after.input);
}

/** JSON with object keys sorted: JSONB keeps no key order (a pizza's sizes come back in any order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}

export const sameCategories = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
export const sameAvailability = (a: Availability, b: Availability) => a.soldOut === b.soldOut && a.until === b.until;
