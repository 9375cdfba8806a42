import type { AlertKind } from '../../../domain/alerts';
import { phoneForDisplay } from '../../../domain/contact';
import { formatDateTime, formatWallDateTime, timesIn } from '../../../domain/dates';
import { formatMoney } from '../../../domain/money';
import { paymentLabel, paymentStatusWord } from '../../../domain/orderView';
import { escapeHtml, type MailMessage } from '../../infra/mail';
import type { BookingForMail, OrderForMail, ShopForMail } from './repoSources';

/** '#1001' once orders carry their number, else the id's first characters (what the console shows). */
export const orderLabel = (o: { id: string; number?: number | null }) => (o.number ? `#${o.number}` : `#${o.id.slice(0, 8)}`);

// The console's format on the shop's clock, so a mail and the board it links to say the same time the same way.
const when = (d: Date | null, shop: ShopForMail) =>
  d ? `${formatDateTime(d, shop.timezone)} (${timesIn(shop.timezone)})` : 'As soon as possible';

export function orderSubject(kind: AlertKind, o: { id: string; number?: number | null; customerName: string }, shopName: string) {
  const label = orderLabel(o);
  switch (kind) {
    case 'ORDER_UNPROCESSED':
      return `Order ${label} is waiting to be accepted at ${shopName}`;
    case 'ORDER_UNPROCESSED_AGAIN':
      return `Still waiting: order ${label} at ${shopName} has not been accepted`;
    case 'ORDER_AUTO_REJECTED':
      return `Order ${label} at ${shopName} was rejected: nobody answered it`;
    default:
      return `New order ${label} from ${o.customerName} at ${shopName}`;
  }
}

export function bookingSubject(kind: AlertKind, b: { name: string; pax: number; dateStr: string; timeStr: string }, shopName: string) {
  const at = formatWallDateTime(b.dateStr, b.timeStr) || `${b.dateStr} ${b.timeStr}`;
  const what = `${b.name}, ${b.pax} ${b.pax === 1 ? 'guest' : 'guests'}, ${at}`;
  switch (kind) {
    case 'BOOKING_UNPROCESSED':
      return `Booking waiting for an answer at ${shopName}: ${what}`;
    case 'BOOKING_UNPROCESSED_AGAIN':
      return `Still waiting: booking at ${shopName} not answered: ${what}`;
    default:
      return `New booking at ${shopName}: ${what}`;
  }
}

const intro: Partial<Record<AlertKind, string>> = {
  ORDER_UNPROCESSED: 'This order has not been accepted or rejected yet. The customer is waiting.',
  ORDER_UNPROCESSED_AGAIN: 'This order has still not been accepted or rejected. The customer is still waiting.',
  ORDER_AUTO_REJECTED: 'Nobody accepted this order in time, so it was rejected (Store Closed) and any card payment refunded.',
  BOOKING_UNPROCESSED: 'This booking has not been accepted or rejected yet.',
  BOOKING_UNPROCESSED_AGAIN: 'This booking has still not been accepted or rejected.',
};

const BUTTON = 'display:inline-block;background:#1565c0;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none';

/** HTML and plain text from the same rows of facts; the footer says why the mail came and how to stop it. */
function layout(opts: {
  to: string;
  subject: string;
  lead: string;
  facts: [string, string][];
  lines?: string[];
  button: string;
  url: string;
  preferencesUrl: string;
}): MailMessage {
  const footer = `You get this mail because of your alert settings. Change them at ${opts.preferencesUrl}`;
  const text = [
    opts.lead,
    '',
    ...opts.facts.map(([k, v]) => `${k}: ${v}`),
    ...(opts.lines?.length ? ['', ...opts.lines] : []),
    '',
    `${opts.button}: ${opts.url}`,
    '',
    footer,
    '',
  ].join('\n');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto">
<p>${escapeHtml(opts.lead)}</p>
<table style="border-collapse:collapse">${opts.facts
      .map(([k, v]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
      .join('')}</table>
${opts.lines?.length ? `<ul>${opts.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(opts.url)}" style="${BUTTON}">${escapeHtml(opts.button)}</a></p>
<p style="font-size:12px;color:#666">You get this mail because of your alert settings. ` +
    `<a href="${escapeHtml(opts.preferencesUrl)}">Change them</a>.</p>
</body></html>`;
  return {
    to: opts.to,
    subject: opts.subject,
    text,
    html,
    actionUrl: opts.url,
    headers: { 'List-Unsubscribe': `<${opts.preferencesUrl}>` },
  };
}

export function orderAlertMail(
  alert: { to: string; subject: string; kind: AlertKind },
  o: OrderForMail,
  shop: ShopForMail,
  publicUrl: string,
): MailMessage {
  const money = (cents: number) => formatMoney(cents, shop.country);
  const address = o.cart.deliveryAddress ? [o.cart.deliveryAddress.line1, o.cart.deliveryAddress.suburb].join(', ') : null;
  const facts: [string, string][] = [
    ['Order', orderLabel(o)],
    ['Customer', `${o.customerName} (${phoneForDisplay(o.mobile, shop.country)})`],
    ['Collection', `${o.collectionType === 'DELIVERY' ? 'Delivery' : 'Pickup'}, ${when(o.collectionTime, shop)}`],
    ...(address ? ([['Deliver to', address]] as [string, string][]) : []),
    ['Placed', when(o.placedAt, shop)],
    ['Total', money(o.grandTotal)],
    ['Payment', `${paymentLabel(o.paymentType)} (${paymentStatusWord(o.paymentStatus)})`],
    ...(o.cart.comments ? ([['Comments', o.cart.comments]] as [string, string][]) : []),
  ];
  const lines = o.cart.items.map((l) => `${l.quantity} × ${l.name}${l.summary ? ` (${l.summary})` : ''}: ${money(l.total)}`);
  return layout({
    to: alert.to,
    subject: alert.subject,
    lead: intro[alert.kind] ?? `${shop.name} has a new order.`,
    facts,
    lines,
    button: 'Open the order',
    url: `${publicUrl}/shops/${shop.id}/orders/${o.id}`,
    preferencesUrl: `${publicUrl}/shops/${shop.id}/alerts`,
  });
}

export function bookingAlertMail(
  alert: { to: string; subject: string; kind: AlertKind },
  b: BookingForMail,
  shop: ShopForMail,
  publicUrl: string,
): MailMessage {
  return layout({
    to: alert.to,
    subject: alert.subject,
    lead: intro[alert.kind] ?? `${shop.name} has a new booking.`,
    facts: [
      ['Name', `${b.name} (${phoneForDisplay(b.phone, shop.country)})`],
      ['Guests', String(b.pax)],
      ['When', `${formatWallDateTime(b.dateStr, b.timeStr) || `${b.dateStr} ${b.timeStr}`} (${b.session.toLowerCase()})`],
      ...(b.specialRequest ? ([['Special request', b.specialRequest]] as [string, string][]) : []),
    ],
    button: 'Open the bookings',
    url: `${publicUrl}/shops/${shop.id}/bookings/dashboard`,
    preferencesUrl: `${publicUrl}/shops/${shop.id}/alerts`,
  });
}

/** The mail to a shop's ADMINs when the shop paused new orders by itself (once per pause). */
export function autoPauseMail(to: string, shop: ShopForMail, count: number, publicUrl: string): MailMessage {
  return layout({
    to,
    subject: `${shop.name} paused new orders: ${count} ${count === 1 ? 'order' : 'orders'} in a row went unanswered`,
    lead:
      `${count} ${count === 1 ? 'order' : 'orders'} in a row at ${shop.name} went unanswered, so the shop stopped taking new ` +
      'orders until someone turns them back on. Customers see that the shop is not taking orders right now.',
    facts: [['Orders unanswered in a row', String(count)]],
    lines: ['Resume from the New Orders board when someone is there to answer them.'],
    button: 'Open the New Orders board',
    url: `${publicUrl}/shops/${shop.id}/orders/dashboard`,
    preferencesUrl: `${publicUrl}/shops/${shop.id}/settings?tab=order`,
  });
}
