import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { createApiKey } from '../../helpers/apiKeys';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
  w.ctx.clock.freeze();
});
afterAll(() => w.ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, user: TestUser | null = w.owner, payload?: unknown, headers: Record<string, string> = {}) =>
  w.ctx.app.inject({ method, url, headers: { ...user?.headers, ...headers }, payload: payload as Record<string, unknown> });
const log = (filter: Record<string, string> = {}, shopId = w.shop.id, user: TestUser | null = w.owner) =>
  call('GET', `/api/shops/${shopId}/audit?filter=${encodeURIComponent(JSON.stringify(filter))}`, user);
const itemsOf = () => `/api/shops/${w.shop.id}/items`;

async function newItem(name: string, price: number, user: TestUser = w.owner) {
  const res = await call('POST', itemsOf(), user, { type: 'BASIC', name, price });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

describe('GET /api/shops/:shopId/audit', () => {
  it('records a price change: who, when on the app clock, from where, and the field before and after', async () => {
    const item = await newItem('Audit Scone', 3);
    w.ctx.clock.advance(60_000);
    const at = w.ctx.clock.now().toISOString();
    const put = await call(
      'PUT',
      `${itemsOf()}/${item.id}`,
      w.staff,
      { type: 'BASIC', name: 'Audit Scone', price: 3.5 },
      {
        'user-agent': 'AuditTest/1.0',
      },
    );
    expect(put.statusCode, put.body).toBe(200);
    const res = await log({ kind: 'item' });
    expect(res.statusCode, res.body).toBe(200);
    const [latest, created] = res.json();
    expect(latest).toEqual({
      id: expect.any(Number),
      shopId: w.shop.id,
      shopName: 'Staffed Cafe',
      at,
      actor: { userId: w.staff.id, name: 'Sam Staff', apiKeyId: null, apiKeyName: null },
      ip: '127.0.0.1',
      userAgent: 'AuditTest/1.0',
      kind: 'item',
      action: 'update',
      recordId: item.id,
      recordName: 'Audit Scone',
      changes: [{ field: 'price_cents', label: 'Price', before: 300, after: 350, beforeText: '3.00', afterText: '3.50', currency: 'AUD' }],
    });
    expect(created).toMatchObject({ action: 'insert', recordId: item.id, actor: { userId: w.owner.id } });
    expect(created.changes).toContainEqual(
      expect.objectContaining({ label: 'Name', before: null, after: 'Audit Scone', afterText: 'Audit Scone' }),
    );
    // One entry for one change: creating the item wrote nothing else.
    expect(res.json().filter((e: { recordId: string }) => e.recordId === item.id)).toHaveLength(2);
    expect(res.headers['content-range']).toMatch(/^audit 0-\d+\/\d+$/);
  });

  it("attributes an API key's change to the key (with its creator's name), and masks the key's hash", async () => {
    const key = await createApiKey(w.ctx, w.shop.id, w.owner, ['menu:write'], { name: 'Till bridge' });
    const item = await newItem('Key Muffin', 2);
    const put = await w.ctx.app.inject({
      method: 'PUT',
      url: `${itemsOf()}/${item.id}`,
      headers: key.headers,
      payload: { type: 'BASIC', name: 'Key Muffin', price: 2.2 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [byKey] = (await log({ actor: key.apiKey.id })).json();
    expect(byKey).toMatchObject({
      kind: 'item',
      recordId: item.id,
      actor: { userId: w.owner.id, name: 'Olive Owner', apiKeyId: key.apiKey.id, apiKeyName: 'Till bridge' },
      changes: [expect.objectContaining({ label: 'Price', beforeText: '2.00', afterText: '2.20' })],
    });
    // The owner's own changes do not include what their key did.
    const byOwner = (await log({ actor: w.owner.id, kind: 'item' })).json();
    expect(byOwner.every((e: { actor: { apiKeyId: string | null } }) => e.actor.apiKeyId === null)).toBe(true);
    const keyEntry = (await log({ kind: 'api_key' })).json().find((e: { recordId: string }) => e.recordId === key.apiKey.id);
    expect(keyEntry).toMatchObject({ action: 'insert', actor: { userId: w.owner.id, apiKeyId: null } });
    expect(JSON.stringify(keyEntry)).not.toContain(key.key);
    expect(keyEntry.changes).toContainEqual(expect.objectContaining({ field: 'key_hash', label: 'Key', before: null, after: '[hidden]' }));
  });

  it('writes nothing for a change that is rolled back after its write', async () => {
    const item = await newItem('Rollback Bun', 2);
    // Fails every update of this item after the row (and its audit entry) was written: the transaction rolls back.
    await w.ctx.pool.query(`
      CREATE FUNCTION fail_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'Rollback Bun' AND OLD.price_cents <> NEW.price_cents THEN RAISE EXCEPTION 'late failure'; END IF; RETURN NULL; END $$;
      CREATE TRIGGER zz_fail_after_write AFTER UPDATE ON items FOR EACH ROW EXECUTE FUNCTION fail_after_write();`);
    try {
      const put = await call('PUT', `${itemsOf()}/${item.id}`, w.owner, { type: 'BASIC', name: 'Rollback Bun', price: 9 });
      expect(put.statusCode).toBe(500);
    } finally {
      await w.ctx.pool.query('DROP TRIGGER zz_fail_after_write ON items; DROP FUNCTION fail_after_write();');
    }
    const entries = (await log({ kind: 'item' })).json().filter((e: { recordId: string }) => e.recordId === item.id);
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['insert']);
  });

  it('refuses to change or delete an entry, even to the database owner', async () => {
    const { rows } = await w.ctx.pool.query('SELECT id FROM audit_entries LIMIT 1');
    expect(rows.length).toBe(1);
    await expect(w.ctx.pool.query("UPDATE audit_entries SET kind = 'x' WHERE id = $1", [rows[0].id])).rejects.toThrow(/cannot be changed/);
    await expect(w.ctx.pool.query('DELETE FROM audit_entries WHERE id = $1', [rows[0].id])).rejects.toThrow(/cannot be changed/);
    await expect(w.ctx.pool.query('TRUNCATE audit_entries')).rejects.toThrow(/cannot be changed/);
  });

  it('filters by person, kind and date range, and pages', async () => {
    const from = w.ctx.clock.now().toISOString();
    w.ctx.clock.advance(1_000);
    await newItem('Filter Tart', 4, w.staff);
    const checkout = (await call('GET', `/api/shops/${w.shop.id}/settings/checkout`)).json();
    const saved = await call('PUT', `/api/shops/${w.shop.id}/settings/checkout`, w.owner, { ...checkout, note: 'Audited' });
    expect(saved.statusCode, saved.body).toBe(200);
    w.ctx.clock.advance(1_000);
    const to = w.ctx.clock.now().toISOString();
    w.ctx.clock.advance(1_000);
    await newItem('Later Tart', 4, w.owner);
    const byStaff = (await log({ actor: w.staff.id, from, to })).json();
    expect(byStaff.length).toBeGreaterThan(0);
    expect(byStaff.every((e: { kind: string; actor: { userId: string } }) => e.kind === 'item' && e.actor.userId === w.staff.id)).toBe(
      true,
    );
    const settings = (await log({ kind: 'settings', from, to })).json();
    expect(settings.map((e: { kind: string }) => e.kind)).toEqual(['settings.checkout']);
    const between = (await log({ from, to })).json();
    expect(between.every((e: { at: string }) => e.at >= from && e.at < to)).toBe(true);
    expect(between.some((e: { changes: { after: unknown }[] }) => e.changes.some((c) => c.after === 'Later Tart'))).toBe(false);
    expect(between.some((e: { changes: { after: unknown }[] }) => e.changes.some((c) => c.after === 'Filter Tart'))).toBe(true);
    const page = await call('GET', `/api/shops/${w.shop.id}/audit?range=[0,0]`);
    expect(page.json()).toHaveLength(1);
    expect(page.headers['content-range']).toMatch(/^audit 0-0\/\d+$/);
    const actors = (await call('GET', `/api/shops/${w.shop.id}/audit/actors`)).json();
    expect(actors).toEqual(expect.arrayContaining([{ id: w.staff.id, type: 'user', name: 'Sam Staff' }]));
  });

  it('answers the validation messages for bad filters', async () => {
    const bad = await log({ actor: 'nobody' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('actor should be a member’s or an API key’s id');
    const from = await log({ from: 'yesterday' });
    expect(from.statusCode).toBe(400);
    expect(from.json().message).toBe('from should be an ISO date and time');
    const kind = await log({ kind: 'DROP TABLE' });
    expect(kind.json().message).toBe('kind should be one of the log’s kinds');
  });

  it('exports CSV: one row per changed field, times on the shop’s clock, formula cells kept as text', async () => {
    const item = await newItem('=HYPERLINK("x")', 1);
    await call('PUT', `${itemsOf()}/${item.id}`, w.owner, { type: 'BASIC', name: '=HYPERLINK("x")', price: 1.25 });
    const res = await call('GET', `/api/shops/${w.shop.id}/audit.csv?filter=${encodeURIComponent(JSON.stringify({ kind: 'item' }))}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true }).data;
    expect(rows[0]).toMatchObject({
      Who: 'Olive Owner',
      Kind: 'item',
      Action: 'update',
      Field: 'Price (AUD)',
      Before: '1.00',
      After: '1.25',
    });
    expect(rows[0].When).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(rows.find((r) => r.Field === 'Name')?.After).toBe(`'=HYPERLINK("x")`);
  });

  it('is for ADMINs: anonymous 401, USER 403, another shop 404; super admins read any shop', async () => {
    expect((await log({}, w.shop.id, null)).statusCode).toBe(401);
    expect((await log({}, w.shop.id, w.staff)).statusCode).toBe(403);
    expect((await log({}, w.shop.id, w.outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/shops/${w.shop.id}/audit.csv`, w.staff)).statusCode).toBe(403);
    expect((await call('GET', `/api/shops/${w.shop.id}/audit/actors`, null)).statusCode).toBe(401);
    const asRoot = await log({}, w.shop.id, w.superAdmin);
    expect(asRoot.statusCode).toBe(200);
    expect(asRoot.json().length).toBeGreaterThan(0);
    // The outsider's own shop log holds none of this shop's entries.
    const theirs = (await log({}, w.otherShop.id, w.outsider)).json();
    expect(theirs.every((e: { shopId: string | null }) => e.shopId !== w.shop.id)).toBe(true);
  });
});

describe('GET /api/platform/audit', () => {
  it('shows super admins every shop’s entries and the platform’s own; refuses everyone else', async () => {
    const other = await call('POST', `/api/shops/${w.otherShop.id}/items`, w.outsider, { type: 'BASIC', name: 'Pie', price: 5 });
    expect(other.statusCode).toBe(201);
    const config = (await call('GET', '/api/platform/remote-config', w.superAdmin)).json();
    const put = await call('PUT', '/api/platform/remote-config', w.superAdmin, {
      ...config,
      stripePk: config.stripePk || 'pk_test_audit',
      switchToCustomConnect: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    const all = (await call('GET', '/api/platform/audit?range=[0,499]', w.superAdmin)).json();
    expect(new Set(all.map((e: { shopId: string | null }) => e.shopId))).toEqual(new Set([w.shop.id, w.otherShop.id, null]));
    const own = (
      await call('GET', `/api/platform/audit?filter=${encodeURIComponent('{"shopId":"platform","kind":"platform"}')}`, w.superAdmin)
    ).json();
    expect(own[0]).toMatchObject({ shopId: null, kind: 'platform', actor: { userId: w.superAdmin.id } });
    expect(own[0].changes).toContainEqual(expect.objectContaining({ field: 'value.switchToCustomConnect', after: true }));
    const csv = await call('GET', '/api/platform/audit.csv', w.superAdmin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toBe('When,Shop,Who,API key,IP,Browser,Kind,Action,Record,Field,Before,After');
    expect((await call('GET', '/api/platform/audit', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/platform/audit', w.owner)).statusCode).toBe(403);
    expect((await call('GET', '/api/platform/audit.csv', w.owner)).statusCode).toBe(403);
  });
});
