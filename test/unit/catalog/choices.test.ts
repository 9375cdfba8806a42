import { describe, expect, it } from 'vitest';
import { checkChoices, choiceLimits } from '../../../domain/catalog/choices';
import { endOfShopDay, isOnOffer, isSoldOut, nextOfferChange } from '../../../domain/catalog/availability';

const now = new Date('2026-03-04T01:30:00Z'); // Wednesday 12:30 in Sydney (AEDT, UTC+11)
const future = '2026-03-04T05:00:00Z';
const past = '2026-03-04T00:00:00Z';
const v = (name: string, soldOut = false, until: string | null = null) => ({ name, extraCharge: 0, availability: { soldOut, until } });
const attr = (
  name: string,
  o: Partial<{ multiple: boolean; optional: boolean; min: number | null; max: number | null }>,
  values = [v('A'), v('B'), v('C')],
) => ({
  name,
  multiple: false,
  optional: false,
  min: null,
  max: null,
  ...o,
  values,
});

describe('choiceLimits', () => {
  it('needs exactly one of a required single attribute, up to one of an optional one, and min..max of a multiple one', () => {
    expect(choiceLimits(attr('Milk', {}))).toEqual({ min: 1, max: 1 });
    expect(choiceLimits(attr('Milk', { optional: true }))).toEqual({ min: 0, max: 1 });
    expect(choiceLimits(attr('Extras', { multiple: true, optional: true }))).toEqual({ min: 0, max: 3 });
    expect(choiceLimits(attr('Extras', { multiple: true, min: 2, max: 2 }))).toEqual({ min: 2, max: 2 });
  });
});

describe('checkChoices', () => {
  const item = {
    type: 'BASIC',
    attributes: [
      attr('Milk', {}),
      attr('Extras', { multiple: true, min: 2, max: 3 }, [v('Shot'), v('Syrup', true, future), v('Cream', true, past), v('Nuts')]),
    ],
  };
  it('accepts picks inside every limit, including a value whose sold-out period has ended', () => {
    expect(checkChoices(item, { attributes: { Milk: ['A'], Extras: ['Shot', 'Cream'] } }, now)).toEqual([]);
  });
  it('enforces the minimum nobody else enforces, the maximum, sold-out and unknown values', () => {
    expect(checkChoices(item, { attributes: { Extras: ['Shot'] } }, now)).toEqual(['Choose a Milk', 'Choose at least 2 of Extras']);
    expect(checkChoices(item, { attributes: { Milk: ['A', 'B'], Extras: ['Shot', 'Nuts', 'Cream', 'Shot'] } }, now)).toEqual([
      'Choose only one Milk',
      'Choose each Extras once',
      'Choose at most 3 of Extras',
    ]);
    expect(checkChoices(item, { attributes: { Milk: ['Z'], Extras: ['Shot', 'Syrup'], Size: ['L'] } }, now)).toEqual([
      'There is no choice named Size',
      'Z is not a choice of Milk',
      'Syrup is sold out',
    ]);
  });
  it('checks a pizza size and toppings against its own toppings, or the settings toppings when it lists none', () => {
    const pizza = { type: 'PIZZA', attributes: [], sizes: { Small: {}, Large: {} }, removeToppings: ['Basil'], addToppings: [] };
    const settings = [
      { name: 'Olives', prices: {} },
      { name: 'Ham', prices: {}, availability: { soldOut: true, until: null } },
    ];
    expect(checkChoices(pizza, { size: 'Large', addToppings: ['Olives'], removeToppings: ['Basil'] }, now, settings)).toEqual([]);
    expect(checkChoices(pizza, { size: 'Giant', addToppings: ['Ham', 'Feta'], removeToppings: ['Onion'] }, now, settings)).toEqual([
      'Choose a size',
      'Ham is sold out',
      'There is no topping named Feta',
      'There is no topping named Onion',
    ]);
    const own = { ...pizza, addToppings: [{ name: 'Feta', prices: {} }] };
    expect(checkChoices(own, { size: 'Small', addToppings: ['Olives'] }, now, settings)).toEqual(['There is no topping named Olives']);
  });
});

describe('availability by the clock', () => {
  it('ends "sold out for today" at the start of the next day in the shop zone', () => {
    expect(endOfShopDay(now, 'Australia/Sydney').toISOString()).toBe('2026-03-04T13:00:00.000Z');
    expect(endOfShopDay(now, 'Europe/London').toISOString()).toBe('2026-03-05T00:00:00.000Z');
  });
  it('treats a period whose end has passed as over, and no end as until put back', () => {
    expect(isSoldOut({ soldOut: true, until: past }, now)).toBe(false);
    expect(isSoldOut({ soldOut: true, until: future }, now)).toBe(true);
    expect(isSoldOut({ soldOut: true, until: null }, now)).toBe(true);
  });
  it('honours days and time of day in the shop zone, with windows past midnight', () => {
    const tz = 'Australia/Sydney';
    expect(isOnOffer(['WED'], { from: '11:00', to: '14:00' }, now, tz)).toBe(true);
    expect(isOnOffer(['TUE'], null, now, tz)).toBe(false);
    expect(isOnOffer([], { from: '13:00', to: '14:00' }, now, tz)).toBe(false);
    expect(isOnOffer(['TUE'], { from: '22:00', to: '02:00' }, new Date('2026-03-03T14:30:00Z'), tz)).toBe(true); // Wed 01:30
    expect(nextOfferChange(['WED'], { from: '11:00', to: '14:00' }, now, tz)?.toISOString()).toBe('2026-03-04T03:00:00.000Z');
    expect(nextOfferChange([], null, now, tz)).toBeNull();
  });
});
