import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { api } from '../../helpers/app';
import { MailCapture } from '../../helpers/mail';
import { seedOrder } from '../../helpers/orders';
import { defaultOrderProcess } from '../../../domain/orderProcess';
import { connect } from '../../../server/infra/db/client';
import { createServices } from '../../../server/infra/services';
import { buildApp } from '../../../server/app';
import { jobsDone } from '../../helpers/jobs';

/** A port with nothing listening on it (yet). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

let w: ShopWorld;
let port: number;
let receiver: MailCapture | undefined;
beforeAll(async () => {
  port = await freePort();
  w = await shopWorld({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_LIMIT: '2', MAIL_RETRY_DELAY_SECONDS: '1' } });
  const res = await api(w.ctx).put(`/api/shops/${w.shop.id}/settings/order`, w.owner, {
    ...defaultOrderProcess,
    newOrderAlertEmailsCsv: 'kitchen@example.com',
  });
  expect(res.statusCode).toBe(200);
  // Only the alert list: the members' own mails are not what this file counts.
  for (const u of [w.owner, w.staff]) await api(w.ctx).put(`/api/shops/${w.shop.id}/preferences`, u, { orderPlaced: false });
});
afterAll(async () => {
  await w.ctx.close();
  await receiver?.close();
});

type Row = { id: string; to: string; status: string; attempts: number; lastError: string | null };
const logOf = async (orderId: string) =>
  (await api(w.ctx).get(`/api/shops/${w.shop.id}/orders/${orderId}/alerts`, w.owner)).json() as Row[];

describe('a mail server that is down delays alert mail and loses none', () => {
  it('retries while SMTP is down; after every retry the alert is FAILED and a dead letter; Resend sends it once', async () => {
    const order = await seedOrder(w.ctx, w.shop.id, { customerName: 'Down Dana' });
    await expect.poll(async () => (await logOf(order.id))[0]?.status, { timeout: 30_000 }).toBe('FAILED');
    const [failed] = await logOf(order.id);
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Platform staff see the dead letter, without any mail body; nobody else does.
    const a = api(w.ctx);
    const dead = await a.get('/api/platform/jobs/failed', w.superAdmin);
    expect(dead.statusCode).toBe(200);
    expect(dead.headers['content-range']).toMatch(/^jobs 0-\d+\/\d+$/);
    const letter = (dead.json() as { id: string; queue: string; data: Record<string, unknown>; error: string }[]).find(
      (d) => d.data.alertId === failed.id,
    )!;
    expect(letter).toMatchObject({ queue: 'alerts-mail' });
    expect(letter.error).toMatch(/ECONNREFUSED|connect/i);
    expect(Object.keys(letter.data).sort()).toEqual(['alertId', 'queue', 'shopId']);
    expect((await a.get('/api/platform/jobs/failed', w.owner)).statusCode).toBe(403);
    expect((await a.get('/api/platform/jobs/failed', null)).statusCode).toBe(401);
    expect((await a.post(`/api/platform/jobs/failed/${letter.id}/retry`, w.owner, {})).statusCode).toBe(403);

    // Resend is only for a failed alert; the mail server is back.
    receiver = await new MailCapture().start(port);
    const resent = await a.post(`/api/shops/${w.shop.id}/alerts/${failed.id}/resend`, w.staff, {});
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toMatchObject({ id: failed.id, status: 'QUEUED' });
    await receiver.waitFor('kitchen@example.com', /Down Dana/);
    await expect.poll(async () => (await logOf(order.id))[0]?.status).toBe('SENT');
    const again = await a.post(`/api/shops/${w.shop.id}/alerts/${failed.id}/resend`, w.staff, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed alert can be sent again');
    expect((await a.post(`/api/shops/${w.otherShop.id}/alerts/${failed.id}/resend`, w.outsider, {})).statusCode).toBe(404);
    expect((await a.post(`/api/shops/${w.shop.id}/alerts/${failed.id}/resend`, w.outsider, {})).statusCode).toBe(404);
    expect((await a.post(`/api/shops/${w.shop.id}/alerts/${failed.id}/resend`, null, {})).statusCode).toBe(401);

    // The dead letter sent again by platform staff finds its alert sent, and sends nothing twice.
    const retried = await a.post(`/api/platform/jobs/failed/${letter.id}/retry`, w.superAdmin, {});
    expect(retried.statusCode).toBe(202);
    expect((await a.post(`/api/platform/jobs/failed/${letter.id}/retry`, w.superAdmin, {})).statusCode).toBe(404);
    await jobsDone(w.ctx, ['alerts-mail']);
    expect(receiver.for('kitchen@example.com').filter((m) => m.subject.includes('Down Dana'))).toHaveLength(1);
  });

  it('SMTP down for a while, then back: every mail is delivered once, by two server processes working one queue', async () => {
    await receiver!.close();
    receiver = undefined;
    // A second server process on the same database, running its own workers.
    const database = connect(w.ctx.config.databaseUrl!, 3);
    const services = await createServices(w.ctx.config, database, { log: () => undefined });
    const second = await buildApp({ services, serveConsole: false });
    await second.ready();
    try {
      const orders: { id: string }[] = [];
      for (let i = 0; i < 6; i++) orders.push(await seedOrder(w.ctx, w.shop.id, { customerName: `Batch ${i}` }));
      await expect.poll(async () => (await logOf(orders[0].id))[0]?.attempts ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
      receiver = await new MailCapture().start(port);
      for (let i = 0; i < 6; i++) await receiver.waitFor('kitchen@example.com', new RegExp(`Batch ${i}\\b`), 30_000);
      for (const o of orders) await expect.poll(async () => (await logOf(o.id))[0]?.status, { timeout: 15_000 }).toBe('SENT');
      // Both processes' workers have run every job to its end: a second send of any alert would have happened.
      await jobsDone(w.ctx, ['alerts-fanout', 'alerts-mail'], 30_000);
      for (let i = 0; i < 6; i++) expect(receiver.messages.filter((m) => m.subject.includes(`Batch ${i} `))).toHaveLength(1);
    } finally {
      await second.close();
      await database.pool.end();
    }
  });
});
