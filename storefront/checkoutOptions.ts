import type { CartBody } from './api';
import type { CartEntry } from './cart';
import type { CollectionType, Hours, PaymentType, ShopPage } from './types';
import { dayOf, type Locale } from './format';

/** What the customer chose at checkout that changes the price: the quote is asked again when any of it changes. */
export interface CheckoutOptions {
  collectionType: CollectionType;
  later: boolean;
  slot: string;
  suburb: string;
  line1: string;
  paymentType: PaymentType;
  /** The coupon applied (sent with the quote); the field's text until Apply is the page's own. */
  coupon: string;
}

export function initialOptions(page: ShopPage, hours: Hours | null): CheckoutOptions {
  const collectionType: CollectionType = page.checkout.pickup || !page.checkout.delivery ? 'PICKUP' : 'DELIVERY';
  const service = collectionType === 'PICKUP' ? hours?.pickup : hours?.delivery;
  const later = !!service && !service.open && page.checkout.laterTime;
  return {
    collectionType,
    later,
    slot: later ? (service?.slots[0] ?? '') : '',
    suburb: '',
    line1: '',
    paymentType: page.checkout.cash || !page.checkout.card ? 'CASH' : 'CREDIT_CARD',
    coupon: '',
  };
}

/** The slots a customer may pick: exactly the hours' slots, on the day of ordering only when the shop says so. */
export function slotsFor(page: ShopPage, hours: Hours | null, type: CollectionType, now: Date, locale: Locale): string[] {
  const service = type === 'PICKUP' ? hours?.pickup : hours?.delivery;
  if (!service || !page.checkout.laterTime) return [];
  const today = dayOf(now, locale);
  return page.checkout.sameDayOnly ? service.slots.filter((s) => dayOf(new Date(s), locale) === today) : service.slots;
}

/** The cart and the choices as POST …/quote takes them. */
export function cartBody(entries: CartEntry[], o: CheckoutOptions, suburbs: { name: string; postcode: string }[]): CartBody | null {
  if (!entries.length) return null;
  const suburb = suburbs.find((s) => `${s.name}|${s.postcode}` === o.suburb);
  return {
    items: entries.map((e) => e.line),
    collectionType: o.collectionType,
    collectionTime: o.later && o.slot ? o.slot : null,
    ...(o.collectionType === 'DELIVERY' && suburb
      ? {
          deliveryAddress: { line1: o.line1.trim() || '-', suburb: suburb.name, ...(suburb.postcode ? { postcode: suburb.postcode } : {}) },
        }
      : {}),
    paymentType: o.paymentType,
    ...(o.coupon ? { coupon: o.coupon } : {}),
  };
}
