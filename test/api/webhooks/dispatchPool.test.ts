import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedOrder } from '../../helpers/orders';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { verifies, webhookReceiver } from '../../helpers/webhookReceiver';

// A pool of one connection: a dispatch that read anything beside its transaction would wait for a second one forever,
// as every dispatch did under load once as many shops were dispatching as the pool had connections.
let w: ShopWorld;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
beforeAll(async () => {
  w = await shopWorld({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' }, poolMax: 1 });
  receiver = await webhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await w.ctx.close();
});

it('dispatches on a pool of one connection: the order is presented in the dispatch’s own transaction', async () => {
  const res = await w.ctx.app.inject({
    method: 'POST',
    url: `/api/shops/${w.shop.id}/webhooks`,
    headers: w.owner.headers,
    payload: { url: receiver.url, eventTypes: ['order.placed'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = await seedOrder(w.ctx, w.shop.id, { customerName: 'Polly Pool' });
  await receiver.waitFor(1);
  const [got] = receiver.received;
  expect(verifies((res.json() as { secret: string }).secret, got)).toBe(true);
  expect(JSON.parse(got.body)).toMatchObject({ type: 'order.placed', data: { id: order.id, customerName: 'Polly Pool' } });
});
