import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSeller, createShop, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { api } from '../../helpers/app';
import { createUser } from '../../helpers/users';
import { seedOrder } from '../../helpers/orders';
import { defaultOrderProcess } from '../../../domain/orderProcess';
import { jobsDone } from '../../helpers/jobs';

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.ctx.close());

const orderSettings = (over: Record<string, unknown> = {}) => ({ ...defaultOrderProcess, ...over });

const alertsOf = async (orderId: string) =>
  (await api(w.ctx).get(`/api/shops/${w.shop.id}/orders/${orderId}/alerts`, w.staff)).json() as {
    to: string;
    status: string;
    kind: string;
  }[];

describe('a new order mails its alert list and the members who want it', () => {
  it('mails the alert list and every member with orderPlaced on, once each, and logs each as sent', async () => {
    const a = api(w.ctx);
    expect(
      (
        await a.put(
          `/api/shops/${w.shop.id}/settings/order`,
          w.owner,
          orderSettings({ newOrderAlertEmailsCsv: 'kitchen@example.com, Bar@Example.com' }),
        )
      ).statusCode,
    ).toBe(200);
    // The staff member turns new-order mails off here.
    expect((await a.put(`/api/shops/${w.shop.id}/preferences`, w.staff, { orderPlaced: false })).json()).toMatchObject({
      orderPlaced: false,
    });
    const order = await seedOrder(w.ctx, w.shop.id, { customerName: 'Nina New' });
    const mail = await w.ctx.mail.waitFor('kitchen@example.com', /New order/);
    expect(mail.subject).toContain('Nina New');
    expect(mail.text).toContain(`/shops/${w.shop.id}/orders/${order.id}`);
    expect(mail.html).toContain('<table');
    await w.ctx.mail.waitFor('bar@example.com', /New order/);
    await w.ctx.mail.waitFor('owner@example.com', /New order/);
    await expect.poll(async () => (await alertsOf(order.id)).filter((x) => x.status === 'SENT').length, { timeout: 15_000 }).toBe(3);
    const log = await alertsOf(order.id);
    expect(log.map((x) => x.to).sort()).toEqual(['bar@example.com', 'kitchen@example.com', 'owner@example.com']);
    expect(log.every((x) => x.kind === 'ORDER_PLACED')).toBe(true);
    expect(w.ctx.mail.for('staff@example.com').filter((m) => m.subject.includes('Nina New'))).toHaveLength(0);
    expect(w.ctx.mail.messages.filter((m) => m.subject.includes('Nina New'))).toHaveLength(3);
  });

  it('a fan-out job run again (a retry, another process) mails nobody twice', async () => {
    const order = await seedOrder(w.ctx, w.shop.id, { customerName: 'Twice Tom' });
    await expect.poll(async () => (await alertsOf(order.id)).filter((x) => x.status === 'SENT').length, { timeout: 15_000 }).toBe(3);
    // The same job queued again, as a retry after a lost acknowledgement would run it.
    await w.ctx.pool.query(`SELECT servery_enqueue('alerts-fanout', jsonb_build_object('shopId', $1::text, 'orderId', $2::text), NULL)`, [
      w.shop.id,
      order.id,
    ]);
    // The fan-out run again and any alert mail it queued have run to their end.
    await jobsDone(w.ctx, ['alerts-fanout', 'alerts-mail']);
    expect(await alertsOf(order.id)).toHaveLength(3);
    expect(w.ctx.mail.messages.filter((m) => m.subject.includes('Twice Tom'))).toHaveLength(3);
  });

  it('a member of two shops chooses per shop', async () => {
    const both = await createUser(w.ctx, { email: 'both@example.com', name: 'Bo Both' });
    await addSeller(w.ctx, w.shop.id, both, 'USER');
    const second = await createShop(w.ctx, w.owner, { name: 'Second Cafe' });
    await addSeller(w.ctx, second.id, both, 'USER');
    const a = api(w.ctx);
    expect((await a.put(`/api/shops/${second.id}/preferences`, both, { orderPlaced: false })).statusCode).toBe(200);
    expect((await a.get(`/api/shops/${w.shop.id}/preferences`, both)).json()).toMatchObject({ orderPlaced: true });
    const here = await seedOrder(w.ctx, w.shop.id, { customerName: 'Here Harry' });
    const there = await seedOrder(w.ctx, second.id, { customerName: 'There Tess' });
    await w.ctx.mail.waitFor('both@example.com', /Here Harry/);
    await w.ctx.mail.waitFor('owner@example.com', /There Tess/);
    await expect.poll(async () => (await a.get(`/api/shops/${second.id}/orders/${there.id}/alerts`, w.owner)).json().length).toBe(1);
    expect(w.ctx.mail.for('both@example.com').filter((m) => m.subject.includes('There Tess'))).toHaveLength(0);
    expect(here.id).toBeTruthy();
  });

  it('the shop list of alerts is for ADMINs, newest first with Content-Range', async () => {
    const a = api(w.ctx);
    const res = await a.get(`/api/shops/${w.shop.id}/alerts`, w.owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toMatch(/^alerts 0-\d+\/\d+$/);
    const rows = res.json() as { createdAt: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect((await a.get(`/api/shops/${w.shop.id}/alerts`, w.staff)).statusCode).toBe(403);
    expect((await a.get(`/api/shops/${w.shop.id}/alerts`, w.outsider)).statusCode).toBe(404);
    expect((await a.get(`/api/shops/${w.shop.id}/alerts`, null)).statusCode).toBe(401);
  });
});
