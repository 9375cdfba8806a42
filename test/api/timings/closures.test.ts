import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import type { TestUser } from '../../helpers/users';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const base = (shopId = w.shop.id) => `/api/shops/${shopId}/closures`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null = w.owner, payload?: unknown) =>
  w.ctx.app.inject({ method, url, headers: user?.headers, payload: payload as Record<string, unknown> | undefined });

describe('/api/shops/:shopId/closures', () => {
  it('creates closures (closed by default, or special hours), lists them in date order, deletes them', async () => {
    const holiday = await call('POST', base(), w.owner, { date: '2030-12-25', note: 'Christmas Day' });
    expect(holiday.statusCode, holiday.body).toBe(201);
    expect(holiday.json()).toEqual({ id: expect.any(String), date: '2030-12-25', note: 'Christmas Day', pickup: true, delivery: true });
    const event = await call('POST', base(), w.owner, { date: '2030-12-20', pickup: { open: '08:00', duration: 3 }, delivery: false });
    expect(event.json()).toMatchObject({ date: '2030-12-20', note: '', pickup: { open: '08:00', duration: 3 }, delivery: false });
    const list = await call('GET', base(), w.staff);
    expect(list.json().map((c: { date: string }) => c.date)).toEqual(['2030-12-20', '2030-12-25']);
    expect((await call('GET', `${base()}?from=2030-12-21`, w.staff)).json().map((c: { date: string }) => c.date)).toEqual(['2030-12-25']);
    const gone = await call('DELETE', `${base()}/${holiday.json().id}`);
    expect(gone.json()).toMatchObject({ date: '2030-12-25', message: 'Closure deleted' });
    expect((await call('DELETE', `${base()}/${holiday.json().id}`)).json()).toEqual({ message: 'Closure not found', code: 'NOT_FOUND' });
  });

  it.each([
    [{ date: '2030-02-30' }, 'date', 'Date should be a date YYYY-MM-DD'],
    [{ date: '0020-02-29' }, 'date', 'Date should be a date between 2000 and 2100'],
    [{}, 'date', 'Date is required'],
    [{ date: '2030-01-05', pickup: false, delivery: false }, 'pickup', 'Close pickup or delivery, or give special hours'],
    [{ date: '2030-01-05', pickup: { open: '8am', duration: 3 } }, 'pickup.open', 'should be a time HH:mm'],
    [{ date: '2030-01-05', note: 'x'.repeat(81) }, 'note', 'should not be larger than 80 characters'],
  ])('refuses %j with 400 and errors.%s', async (body, field, message) => {
    const res = await call('POST', base(), w.owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('lists from one day to another, both days included', async () => {
    for (const date of ['2032-05-01', '2032-05-02', '2032-05-03'])
      expect((await call('POST', base(), w.owner, { date })).statusCode).toBe(201);
    const res = await call('GET', `${base()}?from=2032-05-02&to=2032-05-03`, w.staff);
    expect(res.json().map((c: { date: string }) => c.date)).toEqual(['2032-05-02', '2032-05-03']);
    expect((await call('GET', `${base()}?from=2032-05-02&to=2032-05-02`, w.staff)).json().map((c: { date: string }) => c.date)).toEqual([
      '2032-05-02',
    ]);
  });

  it.each([
    ['from=2026-13-01', 'from', 'from should be a date YYYY-MM-DD'],
    ['from=2026-02-30', 'from', 'from should be a date YYYY-MM-DD'],
    ['from=tomorrow', 'from', 'from should be a date YYYY-MM-DD'],
    ['to=2026-12-32', 'to', 'to should be a date YYYY-MM-DD'],
    ['to=2101-01-01', 'to', 'to should be a date between 2000 and 2100'],
    ['from=2026-05-02&to=2026-05-01', 'to', 'The last day (to) should be on or after the first day (from)'],
  ])('refuses ?%s with 400 and errors.%s', async (query, field, message) => {
    const res = await call('GET', `${base()}?${query}`, w.staff);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION', errors: { [field]: message } });
  });

  it('allows one closure per date (409)', async () => {
    expect((await call('POST', base(), w.owner, { date: '2031-01-01' })).statusCode).toBe(201);
    const again = await call('POST', base(), w.owner, { date: '2031-01-01', note: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'There is already a closure on 2031-01-01', code: 'CLOSURE_EXISTS' });
  });

  it('answers 401 anonymous, 404 another shop, 403 a USER writing', async () => {
    const mine = (await call('POST', base(), w.owner, { date: '2031-02-02' })).json();
    expect((await call('GET', base(), null)).statusCode).toBe(401);
    expect((await call('GET', base(), w.outsider)).statusCode).toBe(404);
    expect((await call('DELETE', `${base(w.otherShop.id)}/${mine.id}`, w.outsider)).statusCode).toBe(404);
    expect((await call('POST', base(), w.staff, { date: '2031-02-03' })).statusCode).toBe(403);
    expect((await call('DELETE', `${base()}/${mine.id}`, w.staff)).statusCode).toBe(403);
    expect((await call('GET', base(), w.staff)).json().map((c: { id: string }) => c.id)).toContain(mine.id);
  });

  describe('PUT /closures/:closureId (change a closure)', () => {
    it('replaces the closure whole: its date, note and hours', async () => {
      const made = (await call('POST', base(), w.owner, { date: '2033-03-03', note: 'Stocktake' })).json();
      const res = await call('PUT', `${base()}/${made.id}`, w.owner, {
        date: '2033-03-04',
        note: 'Stocktake, moved',
        pickup: { open: '09:00', duration: 2.5 },
        delivery: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        id: made.id,
        date: '2033-03-04',
        note: 'Stocktake, moved',
        pickup: { open: '09:00', duration: 2.5 },
        delivery: true,
      });
      const listed = (await call('GET', `${base()}?from=2033-03-01&to=2033-03-31`, w.staff)).json();
      expect(listed).toEqual([res.json()]);
    });

    // Each case changes a closure of its own day.
    let day = 10;
    it.each([
      [{ date: '2030-02-30' }, 'date', 'Date should be a date YYYY-MM-DD'],
      [{}, 'date', 'Date is required'],
      [{ date: '2033-04-05', pickup: false, delivery: false }, 'pickup', 'Close pickup or delivery, or give special hours'],
      [{ date: '2033-04-05', pickup: { open: '8am', duration: 3 } }, 'pickup.open', 'should be a time HH:mm'],
      [{ date: '2033-04-05', note: 'x'.repeat(81) }, 'note', 'should not be larger than 80 characters'],
    ])('refuses %j with 400 and errors.%s, and changes nothing', async (body, field, message) => {
      const made = (await call('POST', base(), w.owner, { date: `2034-05-${day++}` })).json();
      const res = await call('PUT', `${base()}/${made.id}`, w.owner, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      const after = (await call('GET', `${base()}?from=${made.date}&to=${made.date}`, w.staff)).json();
      expect(after).toEqual([made]);
      await call('DELETE', `${base()}/${made.id}`);
    });

    it('refuses moving it onto a date that has a closure (409), and an unknown id (404)', async () => {
      await call('POST', base(), w.owner, { date: '2035-01-01' });
      const other = (await call('POST', base(), w.owner, { date: '2035-01-02' })).json();
      const clash = await call('PUT', `${base()}/${other.id}`, w.owner, { date: '2035-01-01' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toEqual({ message: 'There is already a closure on 2035-01-01', code: 'CLOSURE_EXISTS' });
      const unknown = await call('PUT', `${base()}/00000000-0000-4000-8000-000000000000`, w.owner, { date: '2035-01-03' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Closure not found', code: 'NOT_FOUND' });
    });

    it('answers 401 anonymous, 404 another shop, 403 a USER', async () => {
      const mine = (await call('POST', base(), w.owner, { date: '2035-06-06' })).json();
      expect((await call('PUT', `${base()}/${mine.id}`, null, { date: '2035-06-07' })).statusCode).toBe(401);
      expect((await call('PUT', `${base(w.otherShop.id)}/${mine.id}`, w.outsider, { date: '2035-06-07' })).statusCode).toBe(404);
      expect((await call('PUT', `${base()}/${mine.id}`, w.outsider, { date: '2035-06-07' })).statusCode).toBe(404);
      expect((await call('PUT', `${base()}/${mine.id}`, w.staff, { date: '2035-06-07' })).statusCode).toBe(403);
      expect((await call('GET', `${base()}?from=2035-06-06&to=2035-06-07`, w.staff)).json()).toEqual([mine]);
    });
  });
});
