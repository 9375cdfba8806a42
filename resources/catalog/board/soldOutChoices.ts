import type { Item } from '../../../domain/catalog/item';

/** What can be sold out of one item: the item itself, each value of its choices, each of its own toppings. */
export interface SoldOutTarget {
  key: string;
  label: string;
  body: { attribute?: string; value?: string; topping?: string };
}

export function soldOutTargets(item: Item, wholeLabel: string): SoldOutTarget[] {
  const targets: SoldOutTarget[] = [{ key: 'item', label: wholeLabel, body: {} }];
  for (const a of item.attributes ?? [])
    for (const v of a.values)
      targets.push({ key: `a:${a.name}:${v.name}`, label: `${a.name}: ${v.name}`, body: { attribute: a.name, value: v.name } });
  const toppings = item.type === 'PIZZA' ? ((item as { addToppings?: { name: string }[] }).addToppings ?? []) : [];
  for (const t of toppings) targets.push({ key: `t:${t.name}`, label: t.name, body: { topping: t.name } });
  return targets;
}
