import { describe, expect, it } from 'vitest';
import { buildStorefrontMenu } from '../../../domain/catalog/storefrontMenu';
import { whyNotOnOffer, whyNotOrderable, type MenuMoment, type Orderable } from '../../../domain/catalog/orderable';
import { defaultPizzaSettings } from '../../../domain/catalog/pizzaSettings';
import { defaultDeliverySettings } from '../../../domain/catalog/delivery';
import type { Item } from '../../../domain/catalog/item';

/*
 * domain/catalog/orderable.ts: the one definition of what a customer can order, which the storefront menu lists by
 * and pricing refuses by.
 */
const monday = new Date('2026-11-23T01:00:00Z'); // 12:00 Monday in Sydney
const at: MenuMoment = { pizzaOn: true, now: monday, timeZone: 'Australia/Sydney' };
const basic: Orderable = { type: 'BASIC', availability: { soldOut: false, until: null }, dows: [], timeOfDayApplicable: null };

describe('whyNotOrderable', () => {
  it('offers an item of a menu category that is on offer and not sold out', () => {
    expect(whyNotOrderable(basic, true, at)).toBeNull();
  });

  it('refuses an item on no menu category, whatever else holds', () => {
    expect(whyNotOrderable(basic, false, at)).toBe('NOT_ON_MENU');
  });

  it('refuses pizzas and pizza deals while pizza settings are off, but not a deal without pizza slots', () => {
    const off = { ...at, pizzaOn: false };
    expect(whyNotOrderable({ ...basic, type: 'PIZZA' }, true, off)).toBe('PIZZA_OFF');
    expect(whyNotOrderable({ ...basic, type: 'DEAL', dealPizzas: [{}] }, true, off)).toBe('PIZZA_OFF');
    expect(whyNotOrderable({ ...basic, type: 'DEAL', dealPizzas: [] }, true, off)).toBeNull();
    expect(whyNotOrderable({ ...basic, type: 'PIZZA' }, true, at)).toBeNull();
  });

  it('refuses sold-out items until their period ends, and items off their days or hours', () => {
    expect(whyNotOrderable({ ...basic, availability: { soldOut: true, until: null } }, true, at)).toBe('SOLD_OUT');
    expect(whyNotOrderable({ ...basic, availability: { soldOut: true, until: '2026-11-23T00:00:00Z' } }, true, at)).toBeNull();
    expect(whyNotOrderable({ ...basic, dows: ['TUE'] }, true, at)).toBe('NOT_ON_OFFER');
    expect(whyNotOrderable({ ...basic, timeOfDayApplicable: { from: '17:00', to: '22:00' } }, true, at)).toBe('NOT_ON_OFFER');
  });

  it('judges a deal pizza choice by the same rules, without asking for a category of its own', () => {
    expect(whyNotOnOffer({ ...basic, type: 'PIZZA' }, at)).toBeNull();
    expect(whyNotOnOffer({ ...basic, type: 'PIZZA' }, { ...at, pizzaOn: false })).toBe('PIZZA_OFF');
  });

  it('is what the storefront menu lists by: an item it hides is one the rules refuse', () => {
    const item = (over: Partial<Item>) =>
      ({
        description: '',
        discounted: false,
        image: null,
        attributes: [],
        dows: [],
        timeOfDayApplicable: null,
        price: 5,
        availability: { soldOut: false, until: null },
        created: '',
        updated: '',
        ...over,
      }) as Item;
    const items = [
      item({ id: 'cake', type: 'BASIC', name: 'Cake' }),
      item({ id: 'soup', type: 'BASIC', name: 'Soup', timeOfDayApplicable: { from: '17:00', to: '22:00' } }),
      item({
        id: 'marg',
        type: 'PIZZA',
        name: 'Margherita',
        sizes: { Large: { price: 18, hasHalfAndHalf: false } },
        removeToppings: [],
        addToppings: [],
      } as Partial<Item>),
      item({ id: 'hidden', type: 'BASIC', name: 'Staff Meal' }),
    ];
    const menu = { categories: [{ name: 'All', description: '', image: null, offered: null, itemIds: ['cake', 'soup', 'marg'] }] };
    const listedIds = (active: boolean) =>
      buildStorefrontMenu({
        shop: { id: 's', name: 'S', currency: 'AUD', timezone: at.timeZone },
        menu,
        items,
        pizza: { ...defaultPizzaSettings, active },
        delivery: defaultDeliverySettings,
        now: monday,
      }).body.categories.flatMap((c) => c.items.map((i) => i.id));
    const inMenu = new Set(menu.categories.flatMap((c) => c.itemIds));
    for (const active of [true, false]) {
      const rules = { ...at, pizzaOn: active };
      expect(listedIds(active)).toEqual(items.filter((i) => whyNotOrderable(i, inMenu.has(i.id), rules) === null).map((i) => i.id));
    }
    expect(listedIds(false)).toEqual(['cake']);
  });
});
