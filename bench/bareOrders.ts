import fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

/*
 * The baseline for POST /api/storefront/shops/{id}/orders: plain Fastify and pg doing the same writes for the same
 * body: check the shop is published, read the cart's items, add up quantity × price in cents, and in one transaction
 * insert the order row and its event row (per-shop counter) and NOTIFY. No zod, no pricing rules, no settings reads,
 * no rate limit, no idempotency.
 */
export async function bareOrdersApp(url: string, poolMax: number): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  pool.on('error', () => undefined);
  const app = fastify();
  app.post('/bare/shops/:shopId/orders', async (req, reply) => {
    const { shopId } = req.params as { shopId: string };
    const body = req.body as { items: { itemId: string; quantity: number }[]; customerName: string; mobile: string; collectionType: string; paymentType: string };
    const shop = await pool.query({ name: 'bare_shop', text: "SELECT id FROM shops WHERE id = $1 AND listing_status = 'PUBLISHED'", values: [shopId] });
    if (!shop.rowCount) return reply.status(404).send({ message: 'Not found' });
    const ids = body.items.map((i) => i.itemId);
    const items = await pool.query<{ id: string; name: string; price_cents: number }>({ name: 'bare_items', text: 'SELECT id, name, price_cents FROM items WHERE shop_id = $1 AND id = ANY($2::uuid[])', values: [shopId, ids] });
    const lines = body.items.map((l) => {
      const it = items.rows.find((r) => r.id === l.itemId)!;
      return { itemId: it.id, name: it.name, summary: '', quantity: l.quantity, unitPrice: it.price_cents, total: it.price_cents * l.quantity };
    });
    const total = lines.reduce((s, l) => s + l.total, 0);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const order = await client.query<{ id: string }>({
        name: 'bare_order',
        text: `INSERT INTO orders (shop_id, order_status_restaurant, payment_status, payment_type, customer_name, mobile, collection_type, placed_at, grand_total, cart, previous_order_count)
               VALUES ($1, 'NEW', 'UNPAID', $2, $3, $4, $5, now(), $6, $7, (SELECT count(*)::int FROM orders o WHERE o.shop_id = $1 AND o.mobile = $4 AND o.status = 'OK')) RETURNING id`,
        values: [shopId, body.paymentType, body.customerName, body.mobile, body.collectionType, total, JSON.stringify({ items: lines, grandTotal: total })],
      });
      await client.query({
        name: 'bare_event',
        text: `WITH c AS (INSERT INTO shop_event_counters (shop_id, last_seq) VALUES ($1, 1) ON CONFLICT (shop_id) DO UPDATE SET last_seq = shop_event_counters.last_seq + 1 RETURNING last_seq)
               INSERT INTO shop_events (shop_id, seq, type, data) SELECT $1, last_seq, 'order.created', $2::jsonb FROM c`,
        values: [shopId, JSON.stringify({ orderId: order.rows[0].id })],
      });
      await client.query({ name: 'bare_notify', text: "SELECT pg_notify('shop_events', $1)", values: [shopId] });
      await client.query('COMMIT');
      return reply.status(201).send({ id: order.rows[0].id, grandTotal: total / 100 });
    } catch (e) {
      await client.query('ROLLBACK');
      throw e;
    } finally {
      client.release();
    }
  });
  return { app, pool };
}
