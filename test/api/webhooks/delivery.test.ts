import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../../server/areas/orders/repo';
import { RETRY_DELAYS_MS } from '../../../server/areas/webhooks/queue';
import { jobsDone } from '../../helpers/jobs';
import { seedOrder, storedCart } from '../../helpers/orders';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { login } from '../../helpers/users';
import { verifies, webhookReceiver } from '../../helpers/webhookReceiver';

let w: ShopWorld;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  w = await shopWorld({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  receiver = await webhookReceiver();
});
afterAll(async () => {
  await w.ctx.close();
  await receiver.close();
});

const base = () => `/api/shops/${w.shop.id}/webhooks`;
const HOUR = 3_600_000;

async function addEndpoint(url: string, eventTypes: string[]) {
  const res = await w.ctx.app.inject({ method: 'POST', url: base(), headers: w.owner.headers, payload: { url, eventTypes } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { secret: string; endpoint: { id: string } };
}

const act = (orderId: string, action: 'accept' | 'reject' | 'complete', payload: object) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/cafes/${w.shop.id}/orders/${orderId}/${action}`, headers: w.owner.headers, payload });

/** Polls the database (the work under way is real, its timing is not ours) until `check` holds. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const stop = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > stop) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const deliveries = async (endpointId: string) =>
  (
    await w.ctx.pool.query<{ event_type: string; status: string; attempt_count: number; message_id: string }>(
      'SELECT event_type, status, attempt_count, message_id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY position',
      [endpointId],
    )
  ).rows;

/** Moves the app's clock on and waits for the sweep it fires and every attempt that sweep hands to the queue. */
async function advance(ms: number) {
  w.ctx.clock.advance(ms);
  await w.ctx.clock.settled();
  await jobsDone(w.ctx, ['webhooks']);
  // Days later the owner's access token has long expired: they sign in again.
  Object.assign(w.owner, await login(w.ctx, w.owner.email, w.owner.password));
}

const bodies = () => receiver.deduplicated().map((r) => JSON.parse(r.body) as { type: string; data: { id: string } });

describe('webhook delivery', () => {
  let endpoint: { secret: string; endpoint: { id: string } };

  it('POSTs a new order signed the Standard Webhooks way, and the signature verifies with standardwebhooks', async () => {
    endpoint = await addEndpoint(receiver.url, ['order.placed', 'order.accepted', 'order.rejected', 'order.completed']);
    const order = await seedOrder(w.ctx, w.shop.id, { customerName: 'Wendy Webhook' });
    await receiver.waitFor(1);
    const [got] = receiver.received;
    expect(got.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(got.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]{44}$/);
    expect(verifies(endpoint.secret, got)).toBe(true);
    expect(verifies(endpoint.secret, { ...got, body: got.body.replace('Wendy', 'Wanda') })).toBe(false);
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({
      type: 'order.placed',
      data: { id: order.id, customerName: 'Wendy Webhook', orderStatusRestaurant: 'NEW' },
    });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    await jobsDone(w.ctx, ['webhooks']);

    const log = await w.ctx.app.inject({ method: 'GET', url: `${base()}/${endpoint.endpoint.id}/deliveries`, headers: w.owner.headers });
    expect(log.statusCode).toBe(200);
    expect(log.headers['content-range']).toBe('deliveries 0-0/1');
    expect(log.json()[0]).toMatchObject({
      messageId: got.headers['webhook-id'],
      eventType: 'order.placed',
      status: 'SUCCEEDED',
      attempts: [{ statusCode: 204, manual: false, response: '' }],
    });
  });

  it('sends nothing for an order whose transaction rolled back', async () => {
    const before = receiver.received.length;
    await expect(
      w.ctx.db.transaction(async (tx) => {
        const o = await insertOrder(w.shop.id, tx, {
          orderStatusRestaurant: 'NEW',
          paymentStatus: 'UNPAID',
          paymentType: 'CASH',
          customerName: 'Rolled Back',
          mobile: '+61400000009',
          collectionType: 'PICKUP',
          collectionTime: null,
          placedAt: w.ctx.clock.now(),
          grandTotal: 1000,
          cart: storedCart(),
        });
        expect(o.id).toBeTruthy();
        throw new Error('the change fails after its event was written');
      }),
    ).rejects.toThrow('the change fails');
    const committed = await seedOrder(w.ctx, w.shop.id, { customerName: 'Committed Carl' });
    await receiver.waitFor(before + 1);
    await advance(60_000);
    const sent = receiver.received.slice(before).map((r) => JSON.parse(r.body).data.customerName);
    expect(sent).toEqual(['Committed Carl']);
    expect(JSON.stringify(receiver.received)).not.toContain('Rolled Back');
    expect(committed.id).toBeTruthy();
  });

  it('keeps retrying a receiver that is down for over a day, then delivers every event once, in order per order', async () => {
    const before = receiver.deduplicated().length;
    receiver.answer = 'down';
    const a = await seedOrder(w.ctx, w.shop.id, { customerName: 'Alice Order' });
    const b = await seedOrder(w.ctx, w.shop.id, { customerName: 'Bob Order' });
    expect((await act(a.id, 'accept', { eta: null })).statusCode).toBe(200);
    expect((await act(b.id, 'reject', { reason: 'Too Busy' })).statusCode).toBe(200);
    expect((await act(a.id, 'complete', {})).statusCode).toBe(200);
    await until(async () => (await deliveries(endpoint.endpoint.id)).length === 7, 'five new deliveries');
    await jobsDone(w.ctx, ['webhooks']);

    // Every retry of the schedule, and then 8-hourly ones, past 24 hours: still waiting, nothing lost.
    let waited = 0;
    for (const delay of [...RETRY_DELAYS_MS, 8 * HOUR, 8 * HOUR]) {
      await advance(delay + 1000);
      waited += delay + 1000;
    }
    expect(waited).toBeGreaterThan(24 * HOUR);
    const waiting = await deliveries(endpoint.endpoint.id);
    expect(waiting.slice(2).map((d) => d.status)).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING', 'PENDING']);
    // Strict order: only the first waiting one was tried.
    expect(waiting.slice(2).map((d) => d.attempt_count)).toEqual([RETRY_DELAYS_MS.length + 3, 0, 0, 0, 0]);

    // It comes back but its answer is lost once: the message is sent again with the same webhook-id.
    receiver.answer = 'lostAck';
    await advance(8 * HOUR + 1000);
    receiver.answer = 'ok';
    await advance(8 * HOUR + 1000);
    await receiver.waitFor(before + 6);
    await until(async () => (await deliveries(endpoint.endpoint.id)).every((d) => d.status === 'SUCCEEDED'), 'every delivery sent');

    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBeLessThan(ids.length);
    const sent = bodies().slice(before);
    expect(sent.map((m) => [m.type, m.data.id])).toEqual([
      ['order.placed', a.id],
      ['order.placed', b.id],
      ['order.accepted', a.id],
      ['order.rejected', b.id],
      ['order.completed', a.id],
    ]);
    const { rows } = await w.ctx.pool.query('SELECT failing_since FROM webhook_endpoints WHERE id = $1', [endpoint.endpoint.id]);
    expect(rows[0].failing_since).toBeNull();
  });

  it('sends a test event, and resends a delivery with the same webhook-id and body', async () => {
    const before = receiver.received.length;
    const test = await w.ctx.app.inject({ method: 'POST', url: `${base()}/${endpoint.endpoint.id}/test`, headers: w.owner.headers });
    expect(test.statusCode, test.body).toBe(202);
    // On its way, or (a worker was quick) already there.
    expect(test.json()).toMatchObject({ eventType: 'webhook.test', status: expect.stringMatching(/^(SENDING|SUCCEEDED)$/) });
    await receiver.waitFor(before + 1);
    const got = receiver.received[before];
    expect(verifies(endpoint.secret, got)).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.endpoint.id } });
    await jobsDone(w.ctx, ['webhooks']);
    const url = `${base()}/${endpoint.endpoint.id}/deliveries/${test.json().id}`;
    const one = await w.ctx.app.inject({ method: 'GET', url, headers: w.owner.headers });
    expect(one.json()).toMatchObject({
      status: 'SUCCEEDED',
      attempts: [{ statusCode: 204, manual: true }],
      payload: { type: 'webhook.test' },
    });

    const resent = await w.ctx.app.inject({ method: 'POST', url: `${url}/resend`, headers: w.owner.headers });
    expect(resent.statusCode, resent.body).toBe(202);
    await receiver.waitFor(before + 2);
    expect(receiver.received[before + 1].headers['webhook-id']).toBe(got.headers['webhook-id']);
    expect(receiver.received[before + 1].body).toBe(got.body);
    await jobsDone(w.ctx, ['webhooks']);
    expect((await w.ctx.app.inject({ method: 'GET', url, headers: w.owner.headers })).json().attempts).toHaveLength(2);
  });

  it('signs with the old secret beside the new one for 24 hours after a roll', async () => {
    const roll = await w.ctx.app.inject({ method: 'POST', url: `${base()}/${endpoint.endpoint.id}/roll_secret`, headers: w.owner.headers });
    expect(roll.statusCode, roll.body).toBe(200);
    const { secret, endpoint: rolled } = roll.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secret).not.toBe(endpoint.secret);
    expect(new Date(rolled.previousSecretExpiresAt).getTime() - w.ctx.clock.now().getTime()).toBeGreaterThan(23.9 * HOUR);

    let before = receiver.received.length;
    await seedOrder(w.ctx, w.shop.id, { customerName: 'Soon After' });
    await receiver.waitFor(before + 1);
    const early = receiver.received[before];
    expect(early.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verifies(secret, early)).toBe(true);
    expect(verifies(endpoint.secret, early)).toBe(true);

    await advance(24 * HOUR + 1000);
    before = receiver.received.length;
    await seedOrder(w.ctx, w.shop.id, { customerName: 'Day After' });
    await receiver.waitFor(before + 1);
    const late = receiver.received[before];
    expect(verifies(secret, late)).toBe(true);
    expect(verifies(endpoint.secret, late)).toBe(false);
    endpoint.secret = secret;
  });

  it('switches off an endpoint failing for three days and mails the shop\u2019s ADMINs', async () => {
    const dead = await webhookReceiver();
    dead.answer = 'down';
    try {
      const failing = await addEndpoint(dead.url, ['order.placed']);
      await seedOrder(w.ctx, w.shop.id, { customerName: 'Never Arrives' });
      await until(async () => (await deliveries(failing.endpoint.id)).some((d) => d.attempt_count > 0), 'the first attempt');
      for (let i = 0; i < 14; i++) await advance(8 * HOUR);
      const res = await w.ctx.app.inject({ method: 'GET', url: `${base()}/${failing.endpoint.id}`, headers: w.owner.headers });
      expect(res.json()).toMatchObject({ enabled: false, disabledReason: 'FAILING' });
      expect((await deliveries(failing.endpoint.id)).map((d) => d.status)).toEqual(['FAILED']);
      const mail = await w.ctx.mail.waitFor('owner@example.com', /Webhook endpoint switched off/);
      expect(mail.text).toContain(dead.url);
      // The healthy endpoint kept working meanwhile.
      expect((await deliveries(endpoint.endpoint.id)).every((d) => d.status === 'SUCCEEDED')).toBe(true);
    } finally {
      await dead.close();
    }
  });

  it("sends the kitchen's order.ready, an item's item.sold_out and item.restored, and menu.updated", async () => {
    const kitchen = await webhookReceiver();
    try {
      const hook = await addEndpoint(kitchen.url, ['order.ready', 'item.sold_out', 'item.restored', 'menu.updated']);
      const order = await seedOrder(w.ctx, w.shop.id, { customerName: 'Ready Rita' });
      expect((await act(order.id, 'accept', { eta: null })).statusCode).toBe(200);
      const ready = await w.ctx.app.inject({
        method: 'POST',
        url: `/api/cafes/${w.shop.id}/orders/${order.id}/ready`,
        headers: w.owner.headers,
      });
      expect(ready.statusCode, ready.body).toBe(200);
      const item = await w.ctx.app.inject({
        method: 'POST',
        url: `/api/shops/${w.shop.id}/items`,
        headers: w.owner.headers,
        payload: { type: 'BASIC', name: 'Webhook Muffin', price: 4 },
      });
      expect(item.statusCode, item.body).toBe(201);
      const itemId = item.json().id as string;
      for (const soldOut of [true, false]) {
        const res = await w.ctx.app.inject({
          method: 'PUT',
          url: `/api/shops/${w.shop.id}/items/${itemId}/availability`,
          headers: w.owner.headers,
          payload: { soldOut },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const menu = await w.ctx.app.inject({
        method: 'PUT',
        url: `/api/shops/${w.shop.id}/menu`,
        headers: w.owner.headers,
        payload: { categories: [{ name: 'Bakery', description: '', itemIds: [itemId], image: null, offered: null }] },
      });
      expect(menu.statusCode, menu.body).toBe(200);
      await kitchen.waitFor(4);
      const sent = kitchen.deduplicated().map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
      expect(sent.map((m) => m.type)).toEqual(['order.ready', 'item.sold_out', 'item.restored', 'menu.updated']);
      expect(new Date(sent[3].data.updatedAt as string).getTime()).toBeLessThanOrEqual(w.ctx.clock.now().getTime());
      expect(sent[0].data).toMatchObject({ id: order.id, markedReadyAt: expect.any(String) });
      expect(sent[1].data).toMatchObject({ itemId, name: 'Webhook Muffin', by: 'STAFF' });
      expect(sent[2].data).toMatchObject({ itemId, by: 'STAFF' });
      expect(kitchen.received.every((r) => verifies(hook.secret, r))).toBe(true);
    } finally {
      await kitchen.close();
    }
  });
});
