import fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { ServerResponse } from 'node:http';

/*
 * The baseline for the event stream: plain Fastify and pg. The writer inserts the same shop_events row and sends the
 * whole event in the NOTIFY payload; one LISTEN connection forwards each payload to the shop's open responses. No
 * authentication, no replay, no re-read: the least a LISTEN/NOTIFY fan-out can do.
 */
export async function bareEventsApp(url: string): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  const streams = new Map<string, Set<ServerResponse>>();
  listener.on('notification', (m) => {
    const { shopId, frame } = JSON.parse(m.payload ?? '{}') as { shopId: string; frame: string };
    for (const res of streams.get(shopId) ?? []) res.write(frame);
  });
  await listener.query('LISTEN bare_events');
  const app = fastify();
  app.get('/bare/:shopId/events', (req, reply) => {
    const { shopId } = req.params as { shopId: string };
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    reply.raw.write(': open\n\n');
    let set = streams.get(shopId);
    if (!set) streams.set(shopId, (set = new Set()));
    set.add(reply.raw);
    reply.raw.on('close', () => set.delete(reply.raw));
  });
  return {
    app,
    async close() {
      for (const set of streams.values()) for (const res of set) res.end();
      await app.close();
      await listener.end();
    },
  };
}

/** The baseline's writer: the same row, and the event itself in the notification. */
export async function bareInsert(pool: pg.Pool, shopId: string, orderId: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ seq: string }>(
      `WITH c AS (INSERT INTO shop_event_counters (shop_id, last_seq) VALUES ($1, 1)
         ON CONFLICT (shop_id) DO UPDATE SET last_seq = shop_event_counters.last_seq + 1 RETURNING last_seq)
       INSERT INTO shop_events (shop_id, seq, type, data) SELECT $1, last_seq, 'order.created', $2::jsonb FROM c RETURNING seq`,
      [shopId, JSON.stringify({ orderId })],
    );
    const frame = `id: ${rows[0].seq}\nevent: order.created\ndata: ${JSON.stringify({ orderId })}\n\n`;
    await client.query('SELECT pg_notify($1, $2)', ['bare_events', JSON.stringify({ shopId, frame })]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}
