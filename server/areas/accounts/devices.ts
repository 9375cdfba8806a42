import { describeUserAgent, networkOf } from '../../../domain/twoFactor';
import type { Services } from '../../infra/context';
import { hashToken } from '../../infra/auth/tokens';
import { escapeHtml } from '../../infra/mail';
import { queueMail } from '../../infra/mail/queued';
import { recordDevice } from './repoSessions';
import type { Actor } from '../../infra/requestContext';
import { recordChange, type RecordedChange } from '../audit';

/** Nobody is signed in yet while signing in: the entry is the member's own. */
const signInActor = (user: { id: string; name: string }, userAgent: string | undefined, ip: string | undefined, now: Date): Actor => ({
  userId: user.id,
  name: user.name,
  apiKeyId: null,
  apiKeyName: null,
  ip: ip ?? null,
  userAgent: userAgent?.slice(0, 512) ?? null,
  at: now.toISOString(),
});

const newDeviceAudit = (user: { id: string }, d: { browser: string; os: string; network: string }): RecordedChange => ({
  shopId: null,
  kind: 'sign_in',
  action: 'insert',
  recordId: user.id,
  before: null,
  after: { device: `${d.browser} on ${d.os}`, network: d.network },
});

export const NEW_DEVICE_SUBJECT = 'New sign-in to your Servery account';

/**
 * A device, as far as the server can tell one from another without tracking anyone: the browser, the system and the
 * network it signs in from. Coarse on purpose: a browser update or a new address in the same network is not news.
 */
export function deviceOf(userAgent: string | undefined, ip: string | undefined) {
  const { browser, os } = describeUserAgent(userAgent);
  const network = networkOf(ip) ?? 'unknown network';
  return { browser, os, network, key: hashToken(`${browser}|${os}|${network}`) };
}

/**
 * Remembers the device a user just signed in from and, when it is new and not the account's first, mails them (queued,
 * like every account mail). The very first sign-in is how the account started: nothing to warn about.
 */
export async function noteSignIn(
  services: Services,
  user: { id: string; email: string; name: string },
  userAgent: string | undefined,
  ip: string | undefined,
): Promise<void> {
  const device = deviceOf(userAgent, ip);
  const now = services.clock.now();
  if (!(await recordDevice(services.db, user.id, device.key, now))) return;
  await recordChange(services.db, newDeviceAudit(user, device), signInActor(user, userAgent, ip, now));
  const where = `${device.browser} on ${device.os}, from the network ${device.network}`;
  const url = `${services.config.publicUrl}/account/security`;
  const news =
    `Your Servery account ${user.email} was just signed in to from a device it has not been used on before: ` +
    `${where}, at ${now.toISOString()}.`;
  const advice = 'If this was you, there is nothing to do. If not, change your password and sign that session out:';
  const text = `Hello ${user.name},\n\n${news}\n\n${advice} ${url}\n`;
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto">` +
    `<p>${escapeHtml(`Hello ${user.name},`)}</p>` +
    `<p>${escapeHtml(news)}</p>` +
    `<p>${escapeHtml(advice)} ` +
    `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p></body></html>`;
  await queueMail(services, { to: user.email, subject: NEW_DEVICE_SUBJECT, text, html });
}
