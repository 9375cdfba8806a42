import fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { barePool } from './harness';

/*
 * The baseline for POST /api/storefront/shops/{id}/orders: plain Fastify and pg doing the same writes for the same
 * body the way the app does them: one read of the published shop with the cart's items, add up quantity × price in
 * cents, and one statement that inserts the order (with the customer's previous order count), steps the per-shop
 * event counter, inserts the event row and sends the NOTIFY. No zod, no pricing rules, no settings or closures, no
 * rate limit, no idempotency.
 *
 * Its order has a kitchen slot, as every order the app places has, so the orders' trigger counts it in its slot's
 * row (kitchen_slot_loads) as it counts the app's: the counter upsert every placement must do. The slot is the
 * quarter hour a day back, so the bare's orders never fill the slots the app's orders take when the bench runs with
 * a capacity. With `accepted` (the bench's auto-accept run) it is inserted ACCEPTED with its ETA, as the app inserts
 * an order accepted as it is placed, so the reports' trigger counts it on both sides too.
 */
export async function bareOrdersApp(
  url: string,
  poolMax: number,
  opts: { accepted?: boolean } = {},
): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const status = opts.accepted
    ? `'ACCEPTED', now(), jsonb_build_object('display', '20 minutes', 'time', now() + interval '20 minutes')`
    : `'NEW', NULL, NULL`;
  // The alerts' trigger queues a NEW order's fan-out; an accepted one queues its own, as the app's does.
  const alerts = opts.accepted
    ? `, (SELECT count(*) FROM (SELECT servery_enqueue('alerts-fanout', jsonb_build_object('shopId', o.shop_id, 'orderId', o.id),
                                   'order:' || o.id) FROM o) q) AS alerts`
    : '';
  const pool = barePool(url, poolMax);
  pool.on('error', () => undefined);
  const app = fastify();
  app.post('/bare/shops/:shopId/orders', async (req, reply) => {
    const { shopId } = req.params as { shopId: string };
    const body = req.body as {
      items: { itemId: string; quantity: number }[];
      customerName: string;
      mobile: string;
      collectionType: string;
      paymentType: string;
    };
    const read = await pool.query<{ items: { id: string; name: string; price_cents: number }[] }>({
      name: 'bare_read',
      text: `SELECT (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'price_cents', price_cents)), '[]')
                     FROM items WHERE shop_id = s.id AND id = ANY($2::uuid[])) AS items
             FROM shops s WHERE s.id = $1 AND s.listing_status = 'PUBLISHED'`,
      values: [shopId, body.items.map((i) => i.itemId)],
    });
    if (!read.rowCount) return reply.status(404).send({ message: 'Not found' });
    const items = read.rows[0].items;
    const lines = body.items.map((l) => {
      const it = items.find((r) => r.id === l.itemId)!;
      return {
        itemId: it.id,
        name: it.name,
        summary: '',
        quantity: l.quantity,
        unitPrice: it.price_cents,
        total: it.price_cents * l.quantity,
      };
    });
    const total = lines.reduce((s, l) => s + l.total, 0);
    const order = await pool.query<{ id: string }>({
      name: 'bare_order',
      text: `WITH o AS (
               INSERT INTO orders (shop_id, order_status_restaurant, accepted_at, eta, payment_status, payment_type, customer_name, mobile,
                                   collection_type, placed_at, kitchen_slot, grand_total, cart, previous_order_count)
               VALUES ($1, ${status}, 'UNPAID', $2, $3, $4, $5, now(),
                       to_timestamp(floor(extract(epoch FROM now()) / 900) * 900) - interval '1 day', $6, $7,
                       (SELECT count(*)::int FROM orders o WHERE o.shop_id = $1 AND o.mobile = $4 AND o.status = 'OK'))
                       RETURNING id, shop_id
             ), c AS (
               INSERT INTO shop_event_counters (shop_id, last_seq) SELECT $1, 1 FROM o
               ON CONFLICT (shop_id) DO UPDATE SET last_seq = shop_event_counters.last_seq + 1 RETURNING last_seq
             ), e AS (INSERT INTO shop_events (shop_id, seq, type, data)
                      SELECT $1, c.last_seq, 'order.created', json_build_object('orderId', o.id) FROM c, o RETURNING seq)
             SELECT o.id, (SELECT pg_notify('shop_events', $1::text) FROM e) AS notify${alerts} FROM o`,
      values: [
        shopId,
        body.paymentType,
        body.customerName,
        body.mobile,
        body.collectionType,
        total,
        JSON.stringify({ items: lines, grandTotal: total }),
      ],
    });
    return reply.status(201).send({ id: order.rows[0].id, grandTotal: total / 100 });
  });
  return { app, pool };
}
