import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, publish, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { addDays } from '../../../domain/hours';
import type { Shop } from '../../../domain/shop';
import { book, bookingBody, bookingSettings, nextClockChanges, offsetText, setBookingSettings } from '../../helpers/bookings';

/*
 * A dinner session from 22:00 for 5 hours on the evening before the clocks change: it ends at 03:00 on the shop's wall
 * clock, so it lasts 4 real hours when clocks jump forward and 6 when they fall back. Bookings on that night are read in
 * the shop's zone: a time the jump skips does not exist; a time that happens twice is the first one.
 */
const ZONES = [
  { timezone: 'Australia/Sydney', country: 'AU', phone: '0412 345 678', repeated: '02:30' },
  { timezone: 'America/New_York', country: 'US', phone: '(212) 736-5000', repeated: '01:30' },
];

let w: ShopWorld;
const shops = new Map<string, Shop>();

beforeAll(async () => {
  w = await shopWorld();
  for (const z of ZONES) {
    const shop = await createShop(w.ctx, w.owner, { name: `Night Owl ${z.country}`, timezone: z.timezone, country: z.country });
    await publish(w.ctx, shop.id);
    await setBookingSettings(
      w.ctx,
      shop.id,
      w.owner,
      bookingSettings({ dinner: { on: true, open: '22:00', duration: 5 } }, { numDaysInAdvance: 365, maxPax: 10 }),
    );
    shops.set(z.timezone, shop);
  }
});
afterAll(() => w.ctx.close());

describe.each(ZONES)('the night the clocks change in $timezone', ({ timezone, phone, repeated }) => {
  const bookAt = (date: string, time: string) => book(w.ctx, shops.get(timezone)!.id, bookingBody(date, time, { phone }));

  it('takes 01:30 before the jump forward, refuses 02:30 (it never happens) and 03:00 (the session has ended)', async () => {
    const { forward } = nextClockChanges(w.ctx, timezone);
    const before = await bookAt(forward.date, '01:30');
    expect(before.statusCode, before.body).toBe(201);
    expect(before.json()).toMatchObject({
      dateStr: forward.date,
      timeStr: '01:30',
      session: 'dinner',
      date: new Date(`${forward.date}T01:30:00${offsetText(forward.before)}`).toISOString(),
    });
    const skipped = await bookAt(forward.date, '02:30');
    expect([skipped.statusCode, skipped.json().message]).toEqual([
      400,
      `There is no 02:30 on ${forward.date} in the shop's time zone: the clocks change that night.`,
    ]);
    const ended = await bookAt(forward.date, '03:00');
    expect([ended.statusCode, ended.json().message]).toEqual([
      400,
      `The shop does not take bookings at 03:00 on ${forward.date}. Choose a time in an open breakfast, lunch or dinner session.`,
    ]);
    // The evening before is the same session, on its own day.
    const evening = await bookAt(addDays(forward.date, -1), '23:30');
    expect(evening.json()).toMatchObject({ session: 'dinner', dateStr: addDays(forward.date, -1) });
  });

  it('takes the hour that happens twice when clocks fall back as its first occurrence, up to the wall-clock end of the session', async () => {
    const { back } = nextClockChanges(w.ctx, timezone);
    const twice = await bookAt(back.date, repeated);
    expect(twice.statusCode, twice.body).toBe(201);
    expect(twice.json().date).toBe(new Date(`${back.date}T${repeated}:00${offsetText(back.before)}`).toISOString());
    const late = await bookAt(back.date, '02:45');
    expect(late.statusCode, late.body).toBe(201);
    const ended = await bookAt(back.date, '03:00');
    expect(ended.statusCode).toBe(400);
    // 02:45 is read after the clocks went back where it happens only then (New York), first otherwise (Sydney).
    const lateOffset = timezone === 'America/New_York' ? back.after : back.before;
    expect(late.json().date).toBe(new Date(`${back.date}T02:45:00${offsetText(lateOffset)}`).toISOString());
  });
});
