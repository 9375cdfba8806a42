import { escapeHtml, type MailMessage } from '../../infra/mail';

/** To each ADMIN of the shop when an endpoint is switched off after failing for days. */
export function endpointDisabledMail(
  to: string,
  shop: { id: string; name: string },
  endpoint: { id: string; url: string },
  days: number,
  publicUrl: string,
): MailMessage {
  const url = `${publicUrl}/shops/${shop.id}/webhooks/${endpoint.id}`;
  const subject = `Webhook endpoint switched off at ${shop.name}`;
  const lead = `Every delivery to ${endpoint.url} has failed for ${days} days, so it was switched off and receives no more events.`;
  const next = 'Fix the receiver, then switch the endpoint back on; failed deliveries can be resent from its delivery log.';
  return {
    to,
    subject,
    text: `${lead}\n\n${next}\n\n${url}\n`,
    html: `<p>${escapeHtml(lead)}</p><p>${escapeHtml(next)}</p>` + `<p><a href="${escapeHtml(url)}">Open the endpoint</a></p>`,
    actionUrl: url,
  };
}
