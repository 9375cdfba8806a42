import fastify, { type FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { barePool } from './harness';
import type { Payout } from '../domain/stripe';

/*
 * The baseline for GET /api/stripe/shops/{shopId}/payouts with the simulated provider: plain Fastify and pg doing the
 * same work as the real route: verify the Bearer JWT, load the session and user, check membership of the shop, read
 * the shop's active account document, and answer its newest payouts in Stripe's list shape.
 */
const SESSION = `SELECT u.id, u.is_super_admin FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3 AND u.email_verified_at IS NOT NULL`;
const ROLE = 'SELECT role FROM shop_sellers WHERE shop_id = $1 AND user_id = $2';
const ACCOUNT = `SELECT simulated FROM stripe_accounts WHERE shop_id = $1 AND status = 'active'`;

export async function bareStripePayoutsApp(url: string, secret: string, poolMax: number): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = barePool(url, poolMax);
  pool.on('error', () => undefined);
  const key = new TextEncoder().encode(secret);
  const app = fastify();
  app.get<{ Params: { shopId: string }; Querystring: { limit?: string } }>('/api/stripe/shops/:shopId/payouts', async (req, reply) => {
    const auth = req.headers.authorization;
    if (!auth?.startsWith('Bearer ')) return reply.status(401).send({ message: 'Unauthorized' });
    const { payload } = await jwtVerify(auth.slice(7), key, { algorithms: ['HS256'] });
    const user = await pool.query({ name: 'bare_session', text: SESSION, values: [payload.sid, payload.sub, new Date()] });
    if (!user.rowCount) return reply.status(401).send({ message: 'Unauthorized' });
    const role = await pool.query({ name: 'bare_role', text: ROLE, values: [req.params.shopId, user.rows[0].id] });
    if (!role.rowCount && !user.rows[0].is_super_admin) return reply.status(404).send({ message: 'Not found' });
    const account = await pool.query<{ simulated: { simulated: { payouts: Payout[] } } }>({
      name: 'bare_account',
      text: ACCOUNT,
      values: [req.params.shopId],
    });
    if (!account.rowCount) return reply.status(404).send({ message: 'Not found' });
    const limit = Math.min(100, Number(req.query.limit ?? 20));
    const all = [...account.rows[0].simulated.simulated.payouts].sort((a, b) => b.created - a.created);
    reply.type('application/json; charset=utf-8');
    return JSON.stringify({
      data: all.slice(0, limit).map((p) => ({
        id: p.id,
        amount: p.amount,
        currency: p.currency,
        description: p.description,
        created: p.created,
        arrival_date: p.arrival_date,
        status: p.status,
      })),
      has_more: all.length > limit,
    });
  });
  return { app, pool };
}
