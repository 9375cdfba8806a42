import crypto from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX, WEBHOOK_TEST_TYPE, type WebhookWithSecret } from '../../../domain/webhooks';
import type { Services } from '../../infra/context';
import { badRequest, conflict } from '../../infra/http/errors';
import { webhookMessages } from '../../../domain/webhooks';
import { resolvePublic } from './addresses';
import { webhooksConfig } from './config';
import { loadDelivery } from './repoDeliveries';
import { insertTestDelivery } from './repoQueue';
import { insertEndpoint, loadEndpoint, presentEndpoint, rollSecret } from './repo';
import { newMessageId, PREVIOUS_SECRET_MS, sendNow } from './queue';
import { wakerOf } from './wake';

/** whsec_ and 32 random bytes in base64: what the standardwebhooks package signs and verifies with. */
export const newSecret = () => WEBHOOK_SECRET_PREFIX + crypto.randomBytes(32).toString('base64');

/**
 * Where an endpoint may point: https (http only where private addresses are allowed, for development), no user
 * name or password in it, and a host whose every address is public. Refused with the field's message.
 */
export async function checkUrl(services: Services, raw: string): Promise<string> {
  const { allowPrivate } = webhooksConfig.of(services.config);
  const url = new URL(raw);
  const refuse = (message: string) => badRequest(message, { url: message }, 'VALIDATION');
  if (url.protocol !== 'https:' && !allowPrivate) throw refuse(webhookMessages.urlHttps);
  if (url.username || url.password) throw refuse(webhookMessages.urlCredentials);
  const resolved = await resolvePublic(url, allowPrivate);
  if (!resolved.ok) throw refuse(resolved.reason === 'private' ? webhookMessages.urlPrivate : webhookMessages.urlUnresolvable);
  return url.toString();
}

export async function createEndpoint(
  services: Services,
  shopId: string,
  input: { url: string; eventTypes: string[]; description: string },
  by: string,
): Promise<WebhookWithSecret> {
  const url = await checkUrl(services, input.url);
  const secret = newSecret();
  const now = services.clock.now();
  const row = await insertEndpoint(
    shopId,
    services.db,
    { ...input, url, secretSealed: await services.credentials.sealText(secret) },
    by,
    now,
  );
  await wakerOf(services).watch(shopId);
  return { secret, endpoint: presentEndpoint(row, now) };
}

export async function rollEndpointSecret(services: Services, shopId: string, id: string): Promise<WebhookWithSecret> {
  const secret = newSecret();
  const now = services.clock.now();
  const row = await rollSecret(
    shopId,
    services.db,
    id,
    await services.credentials.sealText(secret),
    new Date(now.getTime() + PREVIOUS_SECRET_MS),
  );
  return { secret, endpoint: presentEndpoint(row, now) };
}

/** A webhook.test message to the endpoint, sent at once: its delivery, to follow in the log. */
export async function sendTestEvent(services: Services, shopId: string, endpointId: string) {
  const now = services.clock.now();
  const deliveryId = await services.db.transaction(async (tx) => {
    const endpoint = await loadEndpoint(shopId, tx, endpointId);
    if (!endpoint.enabled) throw conflict(webhookMessages.disabledCannotTest, 'WEBHOOK_DISABLED');
    const payload = {
      type: WEBHOOK_TEST_TYPE,
      timestamp: now.toISOString(),
      data: { endpointId: endpoint.id, message: 'A test event from Servery: if its signature verifies, the endpoint is ready.' },
    };
    const id = await insertTestDelivery(shopId, tx, {
      endpointId: endpoint.id,
      messageId: newMessageId(),
      eventType: WEBHOOK_TEST_TYPE,
      payload,
      now,
    });
    await sendNow(services, shopId, id, tx);
    return id;
  });
  const delivery = await loadDelivery(shopId, services.db, endpointId, deliveryId);
  services.jobs.wake('webhooks');
  return delivery;
}

/** The same message (same webhook-id and body) once more, now; the delivery as it stands. */
export async function resendDelivery(services: Services, shopId: string, endpointId: string, deliveryId: string) {
  const delivery = await loadDelivery(shopId, services.db, endpointId, deliveryId);
  await sendNow(services, shopId, delivery.id);
  return delivery;
}
