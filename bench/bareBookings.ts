import crypto from 'node:crypto';
import fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { barePool } from './harness';
import { e164WithDefault } from '../domain/contact';
import { addDays } from '../domain/hours';
import { judgeBooking, type BookingSettings } from '../domain/booking';

/*
 * The baseline for POST /api/storefront/shops/{id}/bookings: plain Fastify and pg making the same checks and the same
 * write the way the app does: one read of the published shop with its booking settings and the closures of the day
 * and the day before, the phone read as E.164, the booking rules (domain/booking.ts, in the shop's zone), a random
 * cancel token stored hashed, and one statement that inserts the booking, steps the per-shop event counter, inserts
 * the event row and sends the NOTIFY. No zod, no rate limits, no idempotency, no response schema.
 */
export async function bareBookingsApp(url: string, poolMax: number): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = barePool(url, poolMax);
  pool.on('error', () => undefined);
  const app = fastify();
  app.post('/bare/shops/:shopId/bookings', async (req, reply) => {
    const { shopId } = req.params as { shopId: string };
    const body = req.body as { name: string; phone: string; pax: number; date: string; time: string; specialRequest?: string };
    const read = await pool.query<{ country: string; timezone: string; booking: BookingSettings; closures: [] }>({
      name: 'bare_booking_read',
      text: `SELECT s.country, s.timezone,
               (SELECT value FROM shop_settings WHERE shop_id = s.id AND kind = 'booking') AS booking,
               (SELECT coalesce(json_agg(json_build_object('date', date, 'pickup', pickup, 'delivery', delivery)), '[]')
                  FROM shop_closures WHERE shop_id = s.id AND date BETWEEN $2::date AND $3::date) AS closures
             FROM shops s WHERE s.id = $1 AND s.listing_status = 'PUBLISHED'`,
      values: [shopId, addDays(body.date, -1), body.date],
    });
    if (!read.rowCount) return reply.status(404).send({ message: 'Not found' });
    const shop = read.rows[0];
    const phone = e164WithDefault(body.phone, shop.country);
    if (!phone) return reply.status(400).send({ message: 'Enter a valid phone number' });
    const now = new Date();
    const slot = judgeBooking(shop.booking, body, { now, timeZone: shop.timezone, closures: shop.closures });
    if (!slot.ok) return reply.status(slot.status).send({ message: slot.message });
    const token = crypto.randomBytes(32).toString('base64url');
    const res = await pool.query<{ id: string }>({
      name: 'bare_booking_insert',
      text: `WITH b AS (
               INSERT INTO bookings (shop_id, name, phone, pax, date_str, time_str, date, session, session_date, created_time,
                                     status, special_request, cancel_token_hash, updated_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'NEW', $11, $12, $10) RETURNING *
             ), c AS (
               INSERT INTO shop_event_counters (shop_id, last_seq) SELECT $1, 1 FROM b
               ON CONFLICT (shop_id) DO UPDATE SET last_seq = shop_event_counters.last_seq + 1 RETURNING last_seq
             ), e AS (INSERT INTO shop_events (shop_id, seq, type, data)
                      SELECT $1, c.last_seq, 'booking.created', json_build_object('id', b.id, 'status', b.status) FROM c, b RETURNING seq)
             SELECT b.id, (SELECT pg_notify('shop_events', $1::text) FROM e) AS notify FROM b`,
      values: [
        shopId,
        body.name,
        phone,
        body.pax,
        body.date,
        body.time,
        slot.at,
        slot.session,
        slot.sessionDate,
        now,
        body.specialRequest ?? null,
        crypto.createHash('sha256').update(token).digest('hex'),
      ],
    });
    return reply.status(201).send({ id: res.rows[0].id, status: 'NEW', cancelToken: token });
  });
  return { app, pool };
}
