import { isOnOffer, isSoldOut, type Availability, type Dow, type TimeWindow } from './availability';

/*
 * What a customer can order is what the storefront menu offers. These rules are written once, here: the storefront
 * menu lists items by them (storefrontMenu.ts) and pricing refuses items by them (domain/pricing.ts), so an app can
 * never be offered something ordering refuses, nor order by id something the menu hides.
 */

/** Why the storefront menu does not offer an item at an instant. */
export type NotOrderable = 'NOT_ON_MENU' | 'PIZZA_OFF' | 'SOLD_OUT' | 'NOT_ON_OFFER';

/** What the rules read of an item: the catalog's item (domain/catalog/item.ts) and pricing's both fit. */
export interface Orderable {
  type: string;
  availability?: Availability;
  dows: readonly Dow[];
  timeOfDayApplicable: TimeWindow | null;
  /** A deal's pizza slots: a deal with any is a pizza deal. */
  dealPizzas?: readonly unknown[];
}

/** The shop at the instant of the question. */
export interface MenuMoment {
  /** The shop's pizza settings are active with a size (pizzaConfigured). */
  pizzaOn: boolean;
  now: Date;
  timeZone: string;
}

/** Pizzas and deals with pizza slots exist only while pizza settings are on. */
const needsPizza = (item: Pick<Orderable, 'type' | 'dealPizzas'>) =>
  item.type === 'PIZZA' || (item.type === 'DEAL' && (item.dealPizzas?.length ?? 0) > 0);

/**
 * Why an item cannot be chosen now where the menu offers it as a choice of another (a deal's pizzas need not be in a
 * category of their own), or null when it can.
 */
export function whyNotOnOffer(item: Orderable, at: MenuMoment): Exclude<NotOrderable, 'NOT_ON_MENU'> | null {
  if (needsPizza(item) && !at.pizzaOn) return 'PIZZA_OFF';
  if (isSoldOut(item.availability, at.now)) return 'SOLD_OUT';
  if (!isOnOffer(item.dows, item.timeOfDayApplicable, at.now, at.timeZone)) return 'NOT_ON_OFFER';
  return null;
}

/**
 * Why a customer cannot order an item now, or null when the storefront menu offers it: it is in one of the menu's
 * categories (`inMenu`), pizza settings are on for pizzas and pizza deals, it is on offer at this day and time, and
 * it is not sold out.
 */
export function whyNotOrderable(item: Orderable, inMenu: boolean, at: MenuMoment): NotOrderable | null {
  return inMenu ? whyNotOnOffer(item, at) : 'NOT_ON_MENU';
}
