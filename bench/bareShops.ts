import fastify, { type FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { barePool } from './harness';

/*
 * The baseline for GET /api/shops: plain Fastify and pg, no zod, no drizzle, no plugins, doing the same work as the
 * real route: verify the Bearer JWT, load the session and its user (the per-request session check), list the caller's
 * shops with their role and the total in one query, set Content-Range and send the same JSON. Both queries are named
 * (prepared once per connection), as the app's are, so the comparison is of everything else.
 */
const SESSION = `SELECT u.id, u.email, u.name, u.email_verified_at, u.is_super_admin
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3`;
const LIST = `SELECT s.id, s.type, s.name, s.description, s.locality, s.logo, s.timezone, s.country, s.countries, s.demo,
    s.updated_by, s.listing_status, s.reject_reason, s.created_at, s.updated_at, ss.role, count(*) OVER () AS total
  FROM shops s JOIN shop_sellers ss ON ss.shop_id = s.id
  WHERE ss.user_id = $1
  ORDER BY s.created_at DESC, s.id ASC OFFSET $2 LIMIT $3`;

interface Row {
  id: string;
  type: string;
  name: string;
  description: string;
  locality: string;
  logo: { path: string } | null;
  timezone: string;
  country: string;
  countries: string[] | null;
  demo: boolean;
  updated_by: string | null;
  listing_status: string | null;
  reject_reason: string | null;
  created_at: Date;
  updated_at: Date;
  role: string;
  total: number;
}

export async function bareShopsApp(url: string, secret: string, poolMax: number): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = barePool(url, poolMax);
  pool.on('error', () => undefined); // as the app's pool (server/infra/db/client.ts): a dropped idle client is replaced
  const key = new TextEncoder().encode(secret);
  const app = fastify();
  app.get('/api/shops', async (req, reply) => {
    const auth = req.headers.authorization;
    if (!auth?.startsWith('Bearer ')) return reply.status(401).send({ message: 'Unauthorized' });
    const { payload } = await jwtVerify(auth.slice(7), key, { algorithms: ['HS256'] });
    const user = await pool.query({ name: 'bare_session', text: SESSION, values: [payload.sid, payload.sub, new Date()] });
    if (!user.rowCount) return reply.status(401).send({ message: 'Unauthorized' });
    const [start, end] = JSON.parse((req.query as { range?: string }).range ?? '[0,19]') as [number, number];
    const { rows } = await pool.query<Row>({ name: 'bare_list', text: LIST, values: [user.rows[0].id, start, end - start + 1] });
    const total = rows[0]?.total ?? 0;
    reply.header('Content-Range', rows.length ? `shops ${start}-${start + rows.length - 1}/${total}` : `shops */${total}`);
    reply.type('application/json; charset=utf-8');
    return JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        type: r.type,
        name: r.name,
        description: r.description,
        locality: r.locality,
        logo: r.logo,
        timezone: r.timezone,
        country: r.country,
        countries: r.countries,
        demo: r.demo,
        updatedBy: r.updated_by,
        listing: { status: r.listing_status ?? 'UNPUBLISHED', rejectReason: r.reject_reason },
        role: r.role,
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
      })),
    );
  });
  return { app, pool };
}
