import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_MS, RETRY_DELAYS_MS } from '../../../server/areas/webhooks/queue';
import { jobsDone } from '../../helpers/jobs';
import { seedOrder } from '../../helpers/orders';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { webhookReceiver } from '../../helpers/webhookReceiver';

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

async function addEndpoint(url: string, eventTypes: string[]) {
  const res = await w.ctx.app.inject({
    method: 'POST',
    url: `/api/shops/${w.shop.id}/webhooks`,
    headers: w.owner.headers,
    payload: { url, eventTypes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { endpoint: { id: string } }).endpoint.id;
}

type Delivery = { id: string; event_type: string; status: string; attempt_count: number; message_id: string };
const deliveries = async (endpointId: string) =>
  (
    await w.ctx.pool.query<Delivery>(
      'SELECT id, event_type, status, attempt_count, message_id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY position',
      [endpointId],
    )
  ).rows;

/** Polls the database (the work under way is real, its timing is not ours) until `check` holds. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const stop = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > stop) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Moves the app's clock on and waits for the sweep it fires and every attempt that sweep hands to the queue. */
async function advance(ms: number) {
  w.ctx.clock.advance(ms);
  await w.ctx.clock.settled();
  await jobsDone(w.ctx, ['webhooks']);
}

const act = (orderId: string, action: 'accept' | 'complete', payload: object) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/cafes/${w.shop.id}/orders/${orderId}/${action}`, headers: w.owner.headers, payload });

describe('webhook senders', () => {
  it('sends again, with the same webhook-id, a delivery whose sender died mid-send once its lease has passed, not before', async () => {
    receiver.answer = 'down';
    const endpointId = await addEndpoint(`${receiver.url}/lease`, ['order.placed']);
    await seedOrder(w.ctx, w.shop.id, { customerName: 'Lena Lease' });
    await until(async () => (await deliveries(endpointId))[0]?.attempt_count === 1, 'the first attempt');
    await jobsDone(w.ctx, ['webhooks']);
    receiver.answer = 'ok';

    // A sender takes it up (as a job chaining to it does) and its process is killed before it reports: the delivery
    // is left SENDING under that sender's lease, with no job of its own.
    const [d] = await deliveries(endpointId);
    const now = w.ctx.clock.now();
    await w.ctx.pool.query(`UPDATE webhook_deliveries SET status = 'SENDING', sending_since = $2, lease_until = $3 WHERE id = $1`, [
      d.id,
      now,
      new Date(now.getTime() + LEASE_MS),
    ]);

    // Past its retry time, but the lease still holds: the sender may yet report, so nothing goes out.
    await advance(LEASE_MS - 5_000);
    expect(receiver.received.filter((r) => r.path === '/hooks/lease')).toHaveLength(0);
    expect((await deliveries(endpointId))[0]).toMatchObject({ status: 'SENDING', attempt_count: 1 });

    // The lease passed with no outcome: the sweep hands it again.
    await advance(10_000);
    await receiver.waitFor(1);
    const got = receiver.received.filter((r) => r.path === '/hooks/lease');
    expect(got).toHaveLength(1);
    expect(got[0].headers['webhook-id']).toBe(d.message_id);
    expect((await deliveries(endpointId))[0]).toMatchObject({ status: 'SUCCEEDED', attempt_count: 2 });
  });

  it("sends an endpoint's queue in order when one job goes on to its next deliveries itself", async () => {
    receiver.answer = 'down';
    const endpointId = await addEndpoint(`${receiver.url}/chain`, ['order.placed', 'order.accepted', 'order.completed']);
    const a = await seedOrder(w.ctx, w.shop.id, { customerName: 'Chain Anna' });
    const b = await seedOrder(w.ctx, w.shop.id, { customerName: 'Chain Ben' });
    expect((await act(a.id, 'accept', { eta: null })).statusCode).toBe(200);
    expect((await act(b.id, 'accept', { eta: null })).statusCode).toBe(200);
    expect((await act(a.id, 'complete', {})).statusCode).toBe(200);
    await until(async () => {
      const ds = await deliveries(endpointId);
      return ds.length === 5 && ds[0].attempt_count === 1;
    }, 'five deliveries, the first tried');
    await jobsDone(w.ctx, ['webhooks']);

    // The receiver comes back: the retry's job sends the first, then takes the next ones up in turn.
    receiver.answer = 'ok';
    await advance(RETRY_DELAYS_MS[0] + 1_000);
    await until(async () => (await deliveries(endpointId)).every((d) => d.status === 'SUCCEEDED'), 'every delivery sent');

    const sent = receiver.received
      .filter((r) => r.path === '/hooks/chain')
      .map((r) => JSON.parse(r.body) as { type: string; data: { id: string } });
    expect(sent.map((m) => [m.type, m.data.id])).toEqual([
      ['order.placed', a.id],
      ['order.placed', b.id],
      ['order.accepted', a.id],
      ['order.accepted', b.id],
      ['order.completed', a.id],
    ]);
    // Fewer queue jobs than deliveries: the job that got the first through sent the next ones itself.
    const ds = await deliveries(endpointId);
    const { rows } = await w.ctx.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhooks' AND data->>'deliveryId' = ANY($1)`,
      [ds.map((d) => d.id)],
    );
    expect(rows[0].n).toBeLessThan(ds.length);
    expect(ds.map((d) => d.attempt_count)).toEqual([2, 1, 1, 1, 1]);
  });
});
