import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { seedOrder, storedCart } from '../../helpers/orders';
import { login } from '../../helpers/users';
import { localDate, zonedInstant } from '../../../domain/hours';
import { scheduleForStripe, type PayoutSchedule } from '../../../domain/stripe';
import { stripeBase as base, stripeCalls } from './support';

/*
 * GET /api/stripe/shops/{shopId}/balance with the simulated provider: the next payout follows the schedule (daily,
 * weekly on its day, monthly on its day or the month's last) in the shop's zone, and the pending balance is the sum
 * of the pending charges the activity lists, from the same ledger.
 */
let w: ShopWorld;
let accountId: string;
const ZONE = 'Australia/Sydney';
const DAY = 86_400_000;

beforeAll(async () => {
  w = await shopWorld();
  accountId = await stripeCalls(w).connectStandard(w.shop.id);
});
afterAll(() => w.ctx.close());

/** Moves the clock to a wall time in the shop's zone (forward only) and signs the owner in again. */
async function moveTo(date: string, minutes: number) {
  w.ctx.clock.advance(zonedInstant(date, minutes, ZONE).getTime() - w.ctx.clock.now().getTime());
  Object.assign(w.owner, await login(w.ctx, w.owner.email, w.owner.password));
}
const schedule = (s: PayoutSchedule) => w.ctx.services.stripe.connect.updatePayoutSchedule(accountId, scheduleForStripe(s), 'test');
const balance = async () => {
  const res = await w.ctx.app.inject({ url: `${base(w.shop.id)}/balance`, headers: w.owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const nextDay = async () => (await balance()).next_payout?.date;

describe('the next payout', () => {
  it('follows the schedule across a month end, in the shop’s zone', async () => {
    // The next 30 January, late in the evening in Sydney (still the morning of the 30th in UTC).
    const year = Number(localDate(w.ctx.clock.now(), ZONE).slice(0, 4)) + 1;
    const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
    await moveTo(`${year}-01-30`, 23 * 60);

    await schedule({ interval: 'daily' });
    expect(await nextDay()).toBe(`${year}-01-31`);
    await schedule({ interval: 'monthly', monthly_anchor: 31 });
    expect(await nextDay()).toBe(`${year}-01-31`);
    await schedule({ interval: 'monthly', monthly_anchor: 30 });
    // Today's payout was made as the day started: the next is in February, on its last day.
    expect(await nextDay()).toBe(`${year}-02-${leap ? 29 : 28}`);

    await moveTo(`${year}-01-31`, 9 * 60);
    await schedule({ interval: 'daily' });
    expect(await nextDay()).toBe(`${year}-02-01`);
    await schedule({ interval: 'monthly', monthly_anchor: 31 });
    expect(await nextDay()).toBe(`${year}-02-${leap ? 29 : 28}`);
    await schedule({ interval: 'monthly', monthly_anchor: 1 });
    expect(await nextDay()).toBe(`${year}-02-01`);
    const weekday = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
    const inFour = new Date(Date.UTC(year, 1, 4));
    await schedule({ interval: 'weekly', weekly_anchor: weekday[inFour.getUTCDay()] });
    expect(await nextDay()).toBe(`${year}-02-04`);
    // Today's weekday comes round in a week, not today.
    await schedule({ interval: 'weekly', weekly_anchor: weekday[new Date(Date.UTC(year, 0, 31)).getUTCDay()] });
    expect(await nextDay()).toBe(`${year}-02-07`);
  });

  it('pays what is available by then, and the pending balance is the pending charges the activity lists', async () => {
    await schedule({ interval: 'daily' });
    const today = localDate(w.ctx.clock.now(), ZONE);
    const card = (grandTotal: number) =>
      seedOrder(w.ctx, w.shop.id, { card: 'tok_visa', grandTotal, cart: storedCart({ paymentType: 'CREDIT_CARD', grandTotal }) });
    await card(1000);
    await card(2550);
    const now = await balance();
    expect(now.pending).toEqual([{ amount: 3550, currency: 'aud' }]);
    expect(now.pending_charges).toEqual({ count: 2, amount: 3550 });
    const activity = (
      await w.ctx.app.inject({ url: `${base(w.shop.id)}/balance_transactions?limit=100`, headers: w.owner.headers })
    ).json() as { data: { amount: number; status: string }[] };
    const pending = activity.data.filter((t) => t.status === 'pending');
    expect(pending.reduce((n, t) => n + t.amount, 0)).toBe(now.pending[0].amount);
    expect(pending).toHaveLength(now.pending_charges.count);
    // Tomorrow's payout cannot pay them yet (2 days' delay): nothing on it.
    expect(now.next_payout).toEqual({ date: localDate(new Date(w.ctx.clock.now().getTime() + DAY), ZONE), amount: 0 });

    // Two days on, the day after's payout will pay both; three days on, it has.
    w.ctx.clock.advance(2 * DAY);
    Object.assign(w.owner, await login(w.ctx, w.owner.email, w.owner.password));
    expect((await balance()).next_payout).toMatchObject({ amount: 3550 });
    w.ctx.clock.advance(DAY);
    Object.assign(w.owner, await login(w.ctx, w.owner.email, w.owner.password));
    const after = await balance();
    expect(after).toMatchObject({ available: [{ amount: 0 }], pending: [{ amount: 0 }], pending_charges: { count: 0 } });
    const payouts = (await w.ctx.app.inject({ url: `${base(w.shop.id)}/payouts`, headers: w.owner.headers })).json();
    expect(payouts.data).toEqual([
      expect.objectContaining({ amount: 3550, currency: 'aud', status: 'paid', description: 'STRIPE PAYOUT' }),
    ]);
    expect(localDate(new Date(payouts.data[0].arrival_date * 1000), ZONE) > today).toBe(true);
  });
});
