import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { asActor, type Actor } from '../../../server/infra/requestContext';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';

// Two connections for every request: concurrent requests by different people take turns on the same ones, as they
// do on PgBouncer's server connections in transaction mode.
let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld({ poolMax: 2 });
  w.ctx.clock.freeze();
});
afterAll(() => w.ctx.close());

const items = () => `/api/shops/${w.shop.id}/items`;
const send = (method: 'POST' | 'PUT', url: string, user: TestUser, payload: unknown) =>
  w.ctx.app.inject({ method, url, headers: user.headers, payload: payload as Record<string, unknown> });

const actor = (user: TestUser, name: string): Actor => ({
  userId: user.id,
  name,
  apiKeyId: null,
  apiKeyName: null,
  ip: '10.0.0.1',
  userAgent: 'direct',
  at: w.ctx.clock.now().toISOString(),
});

const entriesFor = async (recordId: string) =>
  (
    await w.ctx.pool.query<{ actor_user_id: string | null; action: string }>(
      'SELECT actor_user_id, action FROM audit_entries WHERE record_id = $1 ORDER BY id',
      [recordId],
    )
  ).rows;

/** What each connection of the pool holds as `servery.actor` outside a transaction ('' for nothing, ever set or not). */
async function sessionActors(pool: pg.Pool): Promise<(string | null)[]> {
  const clients = await Promise.all([pool.connect(), pool.connect()]);
  try {
    return await Promise.all(
      clients.map(async (c) => (await c.query("SELECT coalesce(current_setting('servery.actor', true), '') AS a")).rows[0].a),
    );
  } finally {
    for (const c of clients) c.release();
  }
}

describe('the actor on shared connections', () => {
  it('attributes each of many interleaved changes by two people to the one who made it', async () => {
    const people = [w.owner, w.staff];
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => send('POST', items(), people[i % 2]!, { type: 'BASIC', name: `Shared ${i}`, price: 1 + i })),
    );
    const ids = created.map((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return (r.json() as { id: string }).id;
    });
    // Each item's price is then changed by the other person, all at once.
    const updated = await Promise.all(
      ids.map((id, i) => send('PUT', `${items()}/${id}`, people[(i + 1) % 2]!, { type: 'BASIC', name: `Shared ${i}`, price: 20 + i })),
    );
    for (const r of updated) expect(r.statusCode, r.body).toBe(200);
    for (const [i, id] of ids.entries()) {
      expect(await entriesFor(id)).toEqual([
        { actor_user_id: people[i % 2]!.id, action: 'insert' },
        { actor_user_id: people[(i + 1) % 2]!.id, action: 'update' },
      ]);
    }
    expect(await sessionActors(w.ctx.pool)).toEqual(['', '']);
  });

  it('wraps a write made outside a transaction in one that names its actor, in both forms of pg’s query', async () => {
    const rename = "UPDATE shops SET description = $1 WHERE id = '" + w.shop.id + "'";
    await asActor(actor(w.owner, 'Owner by promise'), () => w.ctx.pool.query(rename, ['By promise']));
    await asActor(
      actor(w.staff, 'Staff by callback'),
      () =>
        new Promise<void>((resolve, reject) => {
          w.ctx.pool.query(rename, ['By callback'], (err) => (err ? reject(err) : resolve()));
        }),
    );
    // Nobody acting: the write goes out as it is, and records nothing.
    await w.ctx.pool.query(rename, ['By nobody']);
    const { rows } = await w.ctx.pool.query(
      "SELECT actor_name, after->>'description' AS description FROM audit_entries WHERE kind = 'shop' AND record_id = $1 ORDER BY id DESC LIMIT 2",
      [w.shop.id],
    );
    expect(rows).toEqual([
      { actor_name: 'Staff by callback', description: 'By callback' },
      { actor_name: 'Owner by promise', description: 'By promise' },
    ]);
    expect(await sessionActors(w.ctx.pool)).toEqual(['', '']);
  });

  it('rolls back a wrapped write that fails, leaving neither the change nor an entry, and the connection usable', async () => {
    const before = (await w.ctx.pool.query('SELECT count(*)::int AS n FROM audit_entries')).rows[0].n;
    await expect(
      asActor(actor(w.owner, 'Failing'), () =>
        w.ctx.pool.query("UPDATE shops SET description = 'x', timezone = 'Not/AZone' WHERE id = $1 AND 1/0 = 1", [w.shop.id]),
      ),
    ).rejects.toThrow(/division by zero/);
    const after = (await w.ctx.pool.query('SELECT count(*)::int AS n FROM audit_entries')).rows[0].n;
    expect(after).toBe(before);
    const client = await w.ctx.pool.connect();
    try {
      // Not left in an aborted transaction: a plain statement works, outside any transaction.
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect((await client.query('SELECT now() = statement_timestamp() AS alone')).rows[0].alone).toBe(true);
    } finally {
      client.release();
    }
  });

  it('sends nothing more for nobody (a customer’s order costs no extra statement), and the wrapping for a person', async () => {
    const sent = vi.spyOn(pg.Client.prototype, 'query');
    const textOf = (c: unknown) => (typeof c === 'string' ? c : (c as { text: string }).text);
    // What the connection that ran the rename was sent (the job queue and the sweeps talk on other connections).
    const texts = () => {
      const calls = sent.mock.calls.map(([c], i) => ({ text: textOf(c), client: sent.mock.contexts[i] }));
      const client = calls.find((c) => c.text === rename)?.client;
      return calls.filter((c) => c.client === client).map((c) => c.text);
    };
    const rename = 'UPDATE shops SET description = $1 WHERE id = $2';
    try {
      await w.ctx.pool.query(rename, ['By a customer', w.shop.id]);
      expect(texts()).toEqual([rename]);
      sent.mockClear();
      await asActor(actor(w.owner, 'Owner'), () => w.ctx.pool.query(rename, ['By the owner', w.shop.id]));
      expect(texts()).toEqual(['BEGIN', "select set_config('servery.actor', $1, true)", rename, 'COMMIT']);
    } finally {
      sent.mockRestore();
    }
  });
});
