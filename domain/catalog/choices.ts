import { format } from '../messages';
import { messages } from '../messages';
import { isSoldOut, type Availability } from './availability';

/** What a customer picked for one item line. */
export interface Choices {
  /** Attribute name → the names of the values picked. */
  attributes?: Record<string, string[]>;
  size?: string;
  addToppings?: string[];
  removeToppings?: string[];
}

interface ChoosableAttribute {
  name: string;
  multiple: boolean;
  optional: boolean;
  min: number | null;
  max: number | null;
  values: { name: string; availability?: Availability }[];
}
interface ChoosableItem {
  type: string;
  attributes: ChoosableAttribute[];
  sizes?: Record<string, unknown>;
  removeToppings?: string[];
  addToppings?: { name: string; prices: Record<string, number>; availability?: Availability }[];
}

/** How many values of an attribute a customer must and may pick. */
export function choiceLimits(a: Pick<ChoosableAttribute, 'multiple' | 'optional' | 'min' | 'max' | 'values'>): {
  min: number;
  max: number;
} {
  const max = a.multiple ? Math.min(a.max ?? a.values.length, a.values.length) : 1;
  const min = a.optional ? 0 : Math.max(1, a.min ?? 1);
  return { min: Math.min(min, max), max };
}

/**
 * Checks a customer's picks for one item against its attributes' limits, sold-out values and toppings, and a pizza's
 * sizes. `settingsToppings` are the shop's pizza toppings, which apply when the pizza lists no add-toppings of its
 * own. Answers the problems in words a customer can act on; an empty list means the choice is fine.
 */
export function checkChoices(
  item: ChoosableItem,
  choices: Choices,
  now: Date,
  settingsToppings: { name: string; prices: Record<string, number>; availability?: Availability }[] = [],
): string[] {
  const problems: string[] = [];
  const picked = choices.attributes ?? {};
  for (const name of Object.keys(picked)) {
    if (!item.attributes.some((a) => a.name === name)) problems.push(format(messages.unknownAttribute, { name }));
  }
  for (const a of item.attributes) {
    const values = picked[a.name] ?? [];
    const { min, max } = choiceLimits(a);
    if (new Set(values).size !== values.length) problems.push(format(messages.choiceTwice, { attribute: a.name }));
    if (values.length < min) problems.push(format(min === 1 ? messages.chooseOne : messages.chooseAtLeast, { attribute: a.name, n: min }));
    if (values.length > max)
      problems.push(format(max === 1 ? messages.chooseOnlyOne : messages.chooseAtMost, { attribute: a.name, n: max }));
    for (const v of values) {
      const value = a.values.find((x) => x.name === v);
      if (!value) problems.push(format(messages.unknownChoice, { attribute: a.name, value: v }));
      else if (isSoldOut(value.availability, now)) problems.push(format(messages.choiceSoldOut, { name: v }));
    }
  }
  if (item.type === 'PIZZA') {
    const sizes = Object.keys(item.sizes ?? {});
    if (!choices.size || !sizes.includes(choices.size)) problems.push(messages.chooseSize);
    const toppings = item.addToppings?.length ? item.addToppings : settingsToppings;
    // A topping twice is no double portion the price or the kitchen would know of: refused like a value twice.
    for (const list of [choices.addToppings ?? [], choices.removeToppings ?? []])
      if (new Set(list).size !== list.length) problems.push(messages.toppingTwice);
    for (const t of choices.addToppings ?? []) {
      const topping = toppings.find((x) => x.name === t);
      if (!topping) problems.push(format(messages.unknownTopping, { name: t }));
      else if (isSoldOut(topping.availability, now)) problems.push(format(messages.choiceSoldOut, { name: t }));
    }
    for (const t of choices.removeToppings ?? []) {
      if (!item.removeToppings?.includes(t)) problems.push(format(messages.unknownTopping, { name: t }));
    }
  } else if (choices.size || choices.addToppings?.length || choices.removeToppings?.length) {
    problems.push(messages.toppingsOnlyOnPizza);
  }
  return problems;
}
