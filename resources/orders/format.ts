import { formatDateTime } from '../../domain/dates';
import { formatMoney } from '../../domain/money';
import { toCents } from '../../domain/money';
import { orderNumberLabel, paymentLabel, type ApiOrder } from '../../domain/orderView';
import type { BusyState } from '../../domain/order';

/** Currency units from the API in the shop's format (spec 1 §9: 0,0.00 with its symbol). */
export const money = (units: number, country: string) => formatMoney(toCents(units), country);
export const when = (iso: string | null | undefined, timeZone: string) => (iso ? formatDateTime(iso, timeZone) : '');
export const collectionLabel = (type: string) => (type === 'DELIVERY' ? 'Delivery' : type === 'PICKUP' ? 'Pickup' : type);

/**
 * The lines of an order's summary on the board's cards, as text: the card (OrderCard) and the board's first view,
 * painted before the console runs (boardEarly.ts), write the same words.
 */
type Summarised = Pick<
  ApiOrder,
  'number' | 'customerName' | 'collectionType' | 'collectionTime' | 'paymentType' | 'eta' | 'placedAt' | 'mobile'
> & { cart: Pick<ApiOrder['cart'], 'collectionName' | 'items'> };

/** Its number, then the name the kitchen calls out. */
export const orderTitle = (o: Summarised) => `${orderNumberLabel(o.number)} · ${o.cart.collectionName ?? o.customerName}`;

/** Who, how and how much: "Pickup as soon as possible · Online · 3 items". */
export function collectionLine(o: Summarised, timeZone: string) {
  const items = o.cart.items.reduce((n, l) => n + l.quantity, 0);
  const time = o.collectionTime ? ` for ${when(o.collectionTime, timeZone)}` : ' as soon as possible';
  return `${collectionLabel(o.collectionType)}${time} · ${paymentLabel(o.paymentType)} · ${items} ${items === 1 ? 'item' : 'items'}`;
}

/**
 * The ETA once accepted, else when it was placed and the customer's phone: `phone` writes it as the shop's country
 * does (the board passes domain/contact's phoneForDisplay; the early first view, which must stay small, the number).
 */
export const noteLine = (o: Summarised, timeZone: string, phone: (mobile: string) => string = (m) => m) =>
  o.eta
    ? `ETA ${o.eta.display}${o.eta.time ? ` · ready ${when(o.eta.time, timeZone)}` : ''}`
    : `Placed ${when(o.placedAt, timeZone)} · ${phone(o.mobile)}`;

export const cartLine = (l: ApiOrder['cart']['items'][number]) => `${l.quantity} × ${l.name}${l.summary ? ` (${l.summary})` : ''}`;
export const moreLines = (n: number) => `and ${n} more…`;

/** How many cart lines a board card lists before "and N more…": a new order's card, and an order in progress. */
export const CARD_LINES = { fresh: 4, making: 6 } as const;

/** Busy mode's two notices on the board. */
export const pausedLine = (s: Pick<BusyState, 'pausedUntil'>, timeZone: string) =>
  `Not taking new orders ${s.pausedUntil ? `until ${when(s.pausedUntil, timeZone)}` : 'until turned back on'}.`;
export const extraLine = (s: Pick<BusyState, 'extraMinutes' | 'extraUntil'>, timeZone: string) =>
  `Adding ${s.extraMinutes} minutes to every quoted time until ${when(s.extraUntil, timeZone)}.`;
