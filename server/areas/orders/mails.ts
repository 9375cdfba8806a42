import { formatDateTime } from '../../../domain/dates';
import { formatMoney } from '../../../domain/money';
import { paymentOutcome } from '../../../domain/order';
import type { Services } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { escapeHtml, type MailMessage } from '../../infra/mail';
import { queueMail } from '../../infra/mail/queued';
import type { OrderRow } from './repo';
import { statusPageUrl } from './statusToken';

/** What a customer's mail says of the shop: its name, and its country and zone for money and times. */
export interface ShopForMail {
  name: string;
  country: string;
  timezone: string;
}

/** What queueing a customer's mail needs of the services. */
export type MailServices = Pick<Services, 'jobs' | 'credentials' | 'config' | 'keyFor'>;

const BUTTON = 'display:inline-block;background:#1565c0;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none';

/** The words of the customers' order mails (kept here, as the other areas keep their mails' words beside them). */
export const orderMailWords = {
  receiptSubject: (number: number, shop: string) => `Your order #${number} at ${shop}`,
  receiptLead: (name: string, shop: string) => `Thank you, ${name}. ${shop} has your order and will confirm it soon.`,
  rejectedSubject: (number: number, shop: string) => `Your order #${number} at ${shop} was not accepted`,
  rejectedLead: (name: string, shop: string) => `Sorry, ${name}: ${shop} could not take your order.`,
  readySubject: (number: number, shop: string) => `Your order #${number} at ${shop} is ready`,
  readyPickupLead: (name: string, shop: string) => `Good news, ${name}: your order is ready to collect from ${shop}.`,
  readyDeliveryLead: (name: string, shop: string) => `Good news, ${name}: ${shop} has your order ready, and it is on its way to you.`,
  asap: 'As soon as possible',
  pickup: 'Pickup',
  delivery: 'Delivery',
  deliverTo: 'Deliver to',
  paidByCard: 'Paid by card',
  cardAwaiting: 'Card payment being confirmed',
  payAtCounter: 'Pay at the counter',
  payOnDelivery: 'Pay on delivery',
  refunded: (amount: string) => `Your card payment of ${amount} was refunded to your card. It can take a few business days to show.`,
  refundPending: (amount: string) =>
    `Your card payment of ${amount} will be refunded to your card; the refund has not gone through yet, and the shop is on it.`,
  cardNotCharged: 'Your card was not charged.',
  nothingToPay: 'Nothing was charged, and there is nothing to pay at the counter.',
  button: 'Follow your order',
  footer: (shop: string) => `You get this mail because you gave this address when you ordered from ${shop}.`,
};
const w = orderMailWords;

/** One layout: a lead, rows of facts, the lines, the totals, a button with the link spelt out. */
function layout(m: {
  to: string;
  subject: string;
  lead: string;
  facts: [string, string][];
  lines: string[];
  totals: [string, string][];
  url: string;
  footer: string;
}): MailMessage {
  const rows = (pairs: [string, string][]) =>
    pairs
      .map(([k, v]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
      .join('');
  const text = [
    m.lead,
    '',
    ...m.facts.map(([k, v]) => `${k}: ${v}`),
    '',
    ...m.lines,
    '',
    ...m.totals.map(([k, v]) => `${k}: ${v}`),
    '',
    `${w.button}: ${m.url}`,
    '',
    m.footer,
    '',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto">
<p>${escapeHtml(m.lead)}</p>
<table style="border-collapse:collapse">${rows(m.facts)}</table>
<ul>${m.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<table style="border-collapse:collapse">${rows(m.totals)}</table>
<p><a href="${escapeHtml(m.url)}" style="${BUTTON}">${escapeHtml(w.button)}</a></p>
<p style="font-size:12px;color:#666">Or open this link: <a href="${escapeHtml(m.url)}">${escapeHtml(m.url)}</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(m.footer)}</p></body></html>`;
  return { to: m.to, subject: m.subject, text, html, actionUrl: m.url };
}

/** The order's facts, lines and totals, as both mails show them. */
function orderParts(o: OrderRow, shop: ShopForMail) {
  const money = (cents: number) => formatMoney(cents, shop.country);
  const when = o.collectionTime ? formatDateTime(o.collectionTime, shop.timezone) : w.asap;
  const c = o.cart;
  const lines = c.items.map((l) => `${l.quantity} × ${l.name}${l.summary ? ` (${l.summary})` : ''}: ${money(l.total)}`);
  const totals: [string, string][] = [['Subtotal', money(c.subtotal)]];
  if (c.discount) totals.push([c.coupon ? `Discount (${c.coupon})` : 'Discount', `-${money(c.discount)}`]);
  if (c.loyaltyDiscount) totals.push(['Loyalty reward', `-${money(c.loyaltyDiscount)}`]);
  if (c.creditCardSurcharge) totals.push(['Card surcharge', money(c.creditCardSurcharge)]);
  if (c.deliveryCharges) totals.push(['Delivery charge', money(c.deliveryCharges)]);
  totals.push(['Total', money(o.grandTotal)]);
  const address = c.deliveryAddress ? [c.deliveryAddress.line1, c.deliveryAddress.suburb, c.deliveryAddress.postcode] : null;
  const collection: [string, string][] = [[o.collectionType === 'DELIVERY' ? w.delivery : w.pickup, when]];
  if (o.collectionType === 'DELIVERY' && address) collection.push([w.deliverTo, address.filter(Boolean).join(', ')]);
  return { money, lines, totals, collection, placed: formatDateTime(o.placedAt, shop.timezone) };
}

/** The receipt of an order that went through (NEW), with the link to its status page. */
export function receiptMail(o: OrderRow & { email: string }, shop: ShopForMail, url: string): MailMessage {
  const p = orderParts(o, shop);
  const outcome = paymentOutcome(o);
  const payment =
    outcome === 'charged'
      ? w.paidByCard
      : outcome === 'awaiting_payment'
        ? w.cardAwaiting
        : o.collectionType === 'DELIVERY'
          ? w.payOnDelivery
          : w.payAtCounter;
  return layout({
    to: o.email,
    subject: w.receiptSubject(o.number, shop.name),
    lead: w.receiptLead(o.customerName, shop.name),
    facts: [['Order', `#${o.number}`], ['Placed', p.placed], ...p.collection, ['Payment', payment]],
    lines: p.lines,
    totals: p.totals,
    url,
    footer: w.footer(shop.name),
  });
}

/** The shop rejected the order: the reason, and what happens to the customer's money. */
export function rejectedMail(o: OrderRow & { email: string }, shop: ShopForMail, url: string): MailMessage {
  const p = orderParts(o, shop);
  const total = p.money(o.grandTotal);
  const outcome = paymentOutcome(o);
  const payment =
    outcome === 'refunded'
      ? w.refunded(total)
      : outcome === 'refund_pending' || outcome === 'charged'
        ? w.refundPending(total)
        : o.paymentType === 'CASH'
          ? w.nothingToPay
          : w.cardNotCharged;
  return layout({
    to: o.email,
    subject: w.rejectedSubject(o.number, shop.name),
    lead: w.rejectedLead(o.customerName, shop.name),
    facts: [['Order', `#${o.number}`], ['Reason', o.rejectReason ?? ''], ['Payment', payment], ['Placed', p.placed], ...p.collection],
    lines: p.lines,
    totals: p.totals,
    url,
    footer: w.footer(shop.name),
  });
}

/** The kitchen marked the order ready: come and collect it (or it is on its way), and what is still to pay. */
export function readyMail(o: OrderRow & { email: string }, shop: ShopForMail, url: string): MailMessage {
  const p = orderParts(o, shop);
  const outcome = paymentOutcome(o);
  const payment = outcome === 'charged' ? w.paidByCard : o.collectionType === 'DELIVERY' ? w.payOnDelivery : w.payAtCounter;
  const lead = o.collectionType === 'DELIVERY' ? w.readyDeliveryLead : w.readyPickupLead;
  return layout({
    to: o.email,
    subject: w.readySubject(o.number, shop.name),
    lead: lead(o.customerName, shop.name),
    facts: [['Order', `#${o.number}`], ...p.collection, ['Payment', payment]],
    lines: p.lines,
    totals: p.totals,
    url,
    footer: w.footer(shop.name),
  });
}

const MAILS = { receipt: receiptMail, rejected: rejectedMail, ready: readyMail };

/**
 * Reads the key that seals queued mails, which is read from the database on its first use: called before a
 * transaction that will queue a mail, so that read never waits for a pool connection while the transaction holds one.
 */
export async function mailKeyReady(services: Pick<Services, 'credentials'>): Promise<void> {
  await services.credentials.sealText('');
}

/**
 * Queues the customer's mail about `o` (when they gave an address) in the caller's transaction, so it exists exactly
 * when the change it tells of commits. True when one was queued: the caller wakes the mail worker after commit.
 */
export async function queueCustomerMail(
  services: MailServices,
  tx: Db,
  kind: keyof typeof MAILS,
  o: OrderRow,
  shop: ShopForMail,
): Promise<boolean> {
  if (!o.email) return false;
  const url = statusPageUrl(services, o.shopId, o.id);
  const order = { ...o, email: o.email };
  await queueMail(services, MAILS[kind](order, shop, url), tx);
  return true;
}
