import crypto from 'node:crypto';
import fastify, { type FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { barePool } from './harness';

/*
 * Baselines for the apps benches: plain Fastify and pg doing the same work as the real routes, with named (prepared)
 * statements as the app's driver does.
 * - POST /api/storefront/apps/:bundleId/devices: the per-IP counter in rate_limits, a new device secret and its hash
 *   (and the presented one's), then the device upsert that keeps the first secret's hash and refuses a wrong one.
 * - GET /api/reports/apps/:bundleId/downloads/stats: verify the JWT, load the session, check the caller belongs to an
 *   outlet of the app, count per OS.
 */
const HIT = `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => 60) THEN 1 ELSE rate_limits.count + 1 END,
    window_start = CASE WHEN rate_limits.window_start <= $2::timestamptz - make_interval(secs => 60)
      THEN $2 ELSE rate_limits.window_start END
  RETURNING count`;
const UPSERT = `INSERT INTO app_devices (bundle_id, device_id, uid, os, manufacturer, brand, model, carrier, device_country, timezone,
    version, build_number, api_level, secret_hash, created_at, updated_at)
  SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $15, $14, $14
  WHERE EXISTS (SELECT 1 FROM whitelabel_apps WHERE bundle_id = $1)
  ON CONFLICT (bundle_id, device_id) DO UPDATE SET uid = EXCLUDED.uid, os = EXCLUDED.os, manufacturer = EXCLUDED.manufacturer,
    brand = EXCLUDED.brand, model = EXCLUDED.model, carrier = EXCLUDED.carrier, device_country = EXCLUDED.device_country,
    timezone = EXCLUDED.timezone, version = EXCLUDED.version,
    build_number = EXCLUDED.build_number, api_level = EXCLUDED.api_level, updated_at = EXCLUDED.updated_at,
    secret_hash = COALESCE(app_devices.secret_hash, EXCLUDED.secret_hash)
  WHERE app_devices.secret_hash IS NULL OR app_devices.secret_hash = $16
  RETURNING (xmax = 0) AS created, secret_hash`;
const SESSION = `SELECT u.id, u.email_verified_at, u.is_super_admin FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3`;
const READER = `SELECT 1 FROM app_outlets o JOIN shop_sellers s ON s.shop_id = o.shop_id WHERE o.bundle_id = $1 AND s.user_id = $2 LIMIT 1`;
const STATS = `SELECT count(*) FILTER (WHERE os = 'ios')::int AS ios, count(*) FILTER (WHERE os = 'android')::int AS android
  FROM app_devices WHERE bundle_id = $1`;

type Device = Record<string, string | null>;

export async function bareAppsApp(url: string, secret: string, poolMax: number): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = barePool(url, poolMax);
  pool.on('error', () => undefined);
  const key = new TextEncoder().encode(secret);
  const app = fastify();
  app.post('/api/storefront/apps/:bundleId/devices', async (req, reply) => {
    const { bundleId } = req.params as { bundleId: string };
    const d = req.body as Device;
    const now = new Date();
    const hit = await pool.query({ name: 'bare_hit', text: HIT, values: [`devices:${req.ip}`, now] });
    if (hit.rows[0].count > 1_000_000) return reply.status(429).send({ message: 'Too many' });
    const secret = crypto.randomBytes(32).toString('base64url');
    const hash = (t: string) => crypto.createHash('sha256').update(t).digest('hex');
    const presented = req.headers['x-device-secret'];
    const secretHash = hash(secret);
    const res = await pool.query({
      name: 'bare_upsert',
      text: UPSERT,
      values: [
        bundleId,
        d.device_id,
        d.uid ?? null,
        d.os,
        d.manufacturer ?? null,
        d.brand ?? null,
        d.model ?? null,
        d.carrier ?? null,
        d.device_country ?? null,
        d.timezone ?? null,
        d.version ?? null,
        d.build_number ?? null,
        d.api_level ?? null,
        now,
        secretHash,
        typeof presented === 'string' ? hash(presented) : null,
      ],
    });
    if (!res.rowCount) return reply.status(404).send({ message: 'Not found' });
    const { created, secret_hash } = res.rows[0];
    return reply.status(created ? 201 : 200).send(secret_hash === secretHash ? { created, deviceSecret: secret } : { created });
  });
  app.get('/api/reports/apps/:bundleId/downloads/stats', async (req, reply) => {
    const auth = req.headers.authorization;
    if (!auth?.startsWith('Bearer ')) return reply.status(401).send({ message: 'Unauthorized' });
    const { payload } = await jwtVerify(auth.slice(7), key, { algorithms: ['HS256'] });
    const user = await pool.query({ name: 'bare_session', text: SESSION, values: [payload.sid, payload.sub, new Date()] });
    if (!user.rowCount) return reply.status(401).send({ message: 'Unauthorized' });
    const { bundleId } = req.params as { bundleId: string };
    const reader = await pool.query({ name: 'bare_reader', text: READER, values: [bundleId, user.rows[0].id] });
    if (!reader.rowCount) return reply.status(404).send({ message: 'Not found' });
    const { rows } = await pool.query({ name: 'bare_stats', text: STATS, values: [bundleId] });
    const { ios, android } = rows[0];
    return { totalDownloads: ios + android, iosDownloads: ios, androidDownloads: android };
  });
  return { app, pool };
}
