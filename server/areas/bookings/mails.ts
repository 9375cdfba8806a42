import { formatDateTime } from '../../../domain/dates';
import { escapeHtml, type MailMessage } from '../../infra/mail';
import type { Services } from '../../infra/context';
import type { BookingRow } from './repo';

const BUTTON = 'display:inline-block;background:#1565c0;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none';

/** The words of the customer's booking mail (kept beside it, as the other areas keep their mails' words). */
export const bookingMailWords = {
  subject: (shop: string) => `Your table request at ${shop}`,
  lead: (name: string, shop: string) => `Thank you, ${name}. ${shop} has your request for a table and will confirm it soon.`,
  when: 'When',
  guests: 'Guests',
  guestCount: (n: number) => (n === 1 ? '1 guest' : `${n} guests`),
  button: 'See or cancel your booking',
  footer: (shop: string) => `You get this mail because you gave this address when you asked ${shop} for a table.`,
};
const w = bookingMailWords;

/** The booking's page on the customers' ordering page: its link holds the cancel token, so only this mail carries it. */
export const bookingPageUrl = (services: Pick<Services, 'config'>, shopId: string, bookingId: string, cancelToken: string) =>
  `${services.config.publicUrl}/order/${shopId}/bookings/${bookingId}?token=${encodeURIComponent(cancelToken)}`;

/** The request received: when (on the shop's clock) and for how many, and the link to follow it. */
export function bookingRequestMail(to: string, b: BookingRow, shop: { name: string; timezone: string }, url: string): MailMessage {
  const facts: [string, string][] = [
    [w.when, formatDateTime(b.date, shop.timezone)],
    [w.guests, w.guestCount(b.pax)],
  ];
  const lead = w.lead(b.name, shop.name);
  const footer = w.footer(shop.name);
  const text = [lead, '', ...facts.map(([k, v]) => `${k}: ${v}`), '', `${w.button}: ${url}`, '', footer, ''].join('\n');
  const rows = facts
    .map(([k, v]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto">
<p>${escapeHtml(lead)}</p>
<table style="border-collapse:collapse">${rows}</table>
<p><a href="${escapeHtml(url)}" style="${BUTTON}">${escapeHtml(w.button)}</a></p>
<p style="font-size:12px;color:#666">Or open this link: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p></body></html>`;
  return { to, subject: w.subject(shop.name), text, html, actionUrl: url };
}
