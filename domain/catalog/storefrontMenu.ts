import type { DeliverySettings } from './delivery';
import type { Item } from './item';
import type { Menu } from './menu';
import type { PizzaSettings } from './pizzaSettings';
import { pizzaConfigured } from './pizzaSettings';
import { isSoldOut, nextOfferChange, soldOutEnds, type Availability } from './availability';
import { whyNotOnOffer, whyNotOrderable, type MenuMoment } from './orderable';
import { choiceLimits } from './choices';
import { nextDayPartChange, offeredAt } from './daypart';
import type { Attribute, PizzaItem, DealItem } from './item';

/*
 * What customers' apps load first: the categories in order with their items on offer now, prices in
 * currency units, choices with their limits, pizza sizes and toppings, deals, and delivery info. Built from the
 * shop's documents at one instant; `nextChange` says when the clock alone (a sold-out period ending, a time-of-day
 * window opening) would make it different, so a cache knows how long it holds.
 */

interface StorefrontMenuInput {
  shop: { id: string; name: string; currency: string; timezone: string };
  menu: Menu;
  items: Item[];
  pizza: PizzaSettings;
  delivery: DeliverySettings;
  now: Date;
}

type Available = { name: string; availability?: Availability };

class Horizon {
  next: Date | null = null;
  see(d: Date | null) {
    if (d && (!this.next || d < this.next)) this.next = d;
  }
}

function onSale<T extends Available>(list: T[], now: Date, h: Horizon): T[] {
  return list.filter((x) => {
    h.see(soldOutEnds(x.availability, now));
    return !isSoldOut(x.availability, now);
  });
}

function publicAttributes(list: Attribute[], now: Date, h: Horizon) {
  return list.map((a) => {
    const values = onSale(a.values, now, h).map((v) => ({ name: v.name, extraCharge: v.extraCharge }));
    const limits = choiceLimits({ ...a, values: a.values });
    return { name: a.name, multiple: a.multiple, optional: a.optional, min: limits.min, max: Math.min(limits.max, values.length), values };
  });
}

/** When a sold-out item comes back by itself, as an instant; null when it stays sold out until someone restores it. */
const soldOutUntil = (i: Item, now: Date) => soldOutEnds(i.availability, now)?.toISOString() ?? null;

export function buildStorefrontMenu({ shop, menu, items, pizza, delivery, now }: StorefrontMenuInput) {
  const h = new Horizon();
  const tz = shop.timezone;
  const byId = new Map(items.map((i) => [i.id, i]));
  const pizzaOn = pizzaConfigured(pizza);
  const moment: MenuMoment = { pizzaOn, now, timeZone: tz };
  const settingsToppings = onSale(pizza.toppings, now, h);

  // The clock changes what is offered when a sold-out period ends or an offer window opens or closes.
  const watch = (i: Item) => {
    h.see(soldOutEnds(i.availability, now));
    h.see(nextOfferChange(i.dows, i.timeOfDayApplicable, now, tz));
  };
  /** A deal's pizza choice: on offer by the ordering rules (it need not be in a category itself). */
  const offered = (i: Item) => {
    watch(i);
    return whyNotOnOffer(i, moment) === null;
  };
  /** An item of a category: orderable by the ordering rules (orderable.ts), as pricing judges it. */
  const listed = (i: Item) => {
    watch(i);
    return whyNotOrderable(i, true, moment) === null;
  };

  const pizzaParts = (p: PizzaItem) => {
    const sizes = pizza.sizes
      .filter((s) => p.sizes[s.name])
      .map((s) => ({
        name: s.name,
        price: p.sizes[s.name].price,
        hasHalfAndHalf: pizza.hasHalfAndHalf && s.hasHalfAndHalf && p.sizes[s.name].hasHalfAndHalf,
      }));
    const own = p.addToppings.length > 0;
    const toppings = (own ? onSale(p.addToppings, now, h) : settingsToppings).map((t) => ({
      name: t.name,
      prices: Object.fromEntries(sizes.map((s) => [s.name, t.prices[s.name] ?? 0])),
    }));
    return { sizes, removeToppings: p.removeToppings, toppings };
  };

  const dealParts = (d: DealItem) => ({
    dealItems: d.dealItems.map((x) => ({ name: x.name, qty: x.qty, attributes: publicAttributes(x.attributes, now, h) })),
    dealPizzas: d.dealPizzas.map((dp) => ({
      size: dp.size,
      qty: dp.qty,
      pizzas: Object.entries(dp.pizzas)
        .map(([id, { extraCharge }]) => ({ id, item: byId.get(id), extraCharge }))
        .filter((x): x is { id: string; item: Item; extraCharge: number } => !!x.item && x.item.type === 'PIZZA' && offered(x.item))
        .map((x) => ({ id: x.id, name: x.item.name, extraCharge: x.extraCharge })),
    })),
  });
  // A deal with a pizza slot that no pizza on offer can fill cannot be ordered now.
  const dealOrderable = (d: DealItem) =>
    d.dealPizzas.every((dp) => pizzaOn && Object.keys(dp.pizzas).some((id) => byId.get(id)?.type === 'PIZZA' && offered(byId.get(id)!)));

  const publicItem = (i: Item) => ({
    id: i.id,
    type: i.type,
    name: i.name,
    description: i.description,
    discounted: i.discounted,
    price: i.price,
    image: i.image,
    attributes: publicAttributes(i.attributes, now, h),
    ...(i.type === 'PIZZA' ? pizzaParts(i as PizzaItem & Item) : {}),
    ...(i.type === 'DEAL' ? dealParts(i as DealItem & Item) : {}),
  });

  const card = (i: Item) => ({ id: i.id, name: i.name, description: i.description, price: i.price, image: i.image });
  const categories = menu.categories.map((c) => {
    h.see(nextDayPartChange(c.offered, now, tz));
    const offeredNow = offeredAt(c.offered, now, tz);
    const known = c.itemIds.map((id) => byId.get(id)).filter((i): i is Item => !!i);
    return {
      name: c.name,
      description: c.description,
      image: c.image,
      offered: c.offered ?? null,
      offeredNow,
      items: offeredNow ? known.filter((i) => listed(i) && (i.type !== 'DEAL' || dealOrderable(i as DealItem & Item))).map(publicItem) : [],
      // Shown greyed out, not offered: a customer sees the cake is gone for today rather than wondering where it went.
      soldOut: offeredNow
        ? known.filter((i) => whyNotOrderable(i, true, moment) === 'SOLD_OUT').map((i) => ({ ...card(i), until: soldOutUntil(i, now) }))
        : [],
      // A category outside its hours is shown greyed with when it is offered, the way sold-out items are.
      notOfferedNow: offeredNow ? [] : known.filter((i) => [null, 'SOLD_OUT'].includes(whyNotOrderable(i, true, moment))).map(card),
    };
  });

  const body = {
    shop: { id: shop.id, name: shop.name, currency: shop.currency, timezone: tz },
    categories,
    pizza: pizzaOn
      ? {
          hasHalfAndHalf: pizza.hasHalfAndHalf,
          sizes: pizza.sizes.map((s) => ({
            name: s.name,
            hasHalfAndHalf: pizza.hasHalfAndHalf && s.hasHalfAndHalf,
            halfAndHalfExtraCharge: s.halfAndHalfExtraCharge,
          })),
          toppings: settingsToppings.map((t) => ({ name: t.name, prices: t.prices })),
        }
      : null,
    delivery: {
      minOrderValue: delivery.minOrderValue,
      suburbs: delivery.suburbs.map((s) => ({ name: s.name, postcode: s.postcode, deliveryCharges: s.deliveryCharges })),
    },
  };
  return { body, nextChange: h.next };
}
