import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { cashPickup, openForOrders, ownerPut, placeOrder } from '../../helpers/orders';
import { jobsDone } from '../../helpers/jobs';

/*
 * The customer's mails about an order, received by the real SMTP receiver: the receipt of an order that went through
 * (with the link to its status page, which the page opens with the token in it) and the shop's rejection with what
 * happens to the money. No mail without an address, for a declined card, or for a replay.
 */
let w: ShopWorld;
let ids: Record<'latte' | 'cake', string>;

beforeAll(async () => {
  w = await shopWorld({ shopName: 'Corner Cafe' });
  ids = await openForOrders(w, {
    latte: {
      type: 'BASIC',
      name: 'Latte',
      price: 4.5,
      attributes: [
        {
          name: 'Milk',
          multiple: false,
          optional: false,
          values: [
            { name: 'Full', extraCharge: 0 },
            { name: 'Oat', extraCharge: 0.8 },
          ],
        },
      ],
    },
    cake: { type: 'BASIC', name: 'Cake', price: 5.99 },
  });
});
afterAll(async () => {
  await w.ctx.close();
});

const items = () => [
  { itemId: ids.latte, quantity: 2, attributes: [{ name: 'Milk', values: ['Oat'] }] },
  { itemId: ids.cake, quantity: 1 },
];
const cash = (over: Record<string, unknown> = {}) => cashPickup(items(), over);
const card = (token = 'tok_visa', over: Record<string, unknown> = {}) => cash({ paymentType: 'CREDIT_CARD', paymentToken: token, ...over });
const act = (orderId: string, action: 'accept' | 'reject', payload?: object) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/cafes/${w.shop.id}/orders/${orderId}/${action}`, headers: w.staff.headers, payload });
const mailsTo = (address: string) => w.ctx.mail.messages.filter((m) => m.to.includes(address));

describe('the receipt', () => {
  it('mails the order number, each line, the total and a status link that opens the order', async () => {
    const res = await placeOrder(w, cash({ email: '  Cathy.Receipt@Example.COM ' }));
    expect(res.statusCode, res.body).toBe(201);
    const { id, number, statusToken } = res.json();
    const mail = await w.ctx.mail.waitFor('cathy.receipt@example.com', /^Your order #/);
    expect(mail.subject).toBe(`Your order #${number} at Corner Cafe`);
    expect(mail.text).toContain(`Order: #${number}`);
    expect(mail.text).toContain('2 × Latte (Milk: Oat): $10.60');
    expect(mail.text).toContain('1 × Cake: $5.99');
    expect(mail.text).toContain('Total: $16.59');
    expect(mail.text).toContain('Pickup: As soon as possible');
    expect(mail.text).toContain('Payment: Pay at the counter');

    const link = mail.links.find((l) => l.includes(`/order/${w.shop.id}/orders/${id}`));
    expect(link).toBe(`${w.ctx.config.publicUrl}/order/${w.shop.id}/orders/${id}?token=${encodeURIComponent(statusToken)}`);
    const url = new URL(link!);
    const token = url.searchParams.get('token')!;
    const status = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/storefront/shops/${w.shop.id}/orders/${id}?token=${encodeURIComponent(token)}`,
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ id, number, stage: 'placed' });

    // Kept lower-cased with the order, never on the board's events.
    const stored = await w.ctx.pool.query('SELECT email FROM orders WHERE id = $1', [id]);
    expect(stored.rows[0].email).toBe('cathy.receipt@example.com');
    const events = await w.ctx.pool.query(`SELECT count(*)::int AS n FROM shop_events WHERE data->>'id' = $1 AND data ? 'email'`, [id]);
    expect(events.rows[0].n).toBe(0);
  });

  it('says a card order was paid; a replay mails nothing more', async () => {
    const key = { 'idempotency-key': 'receipt-replay' };
    const first = await placeOrder(w, card('tok_visa', { email: 'carl.card@example.com' }), { headers: key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await placeOrder(w, card('tok_visa', { email: 'carl.card@example.com' }), { headers: key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    const mail = await w.ctx.mail.waitFor('carl.card@example.com');
    expect(mail.text).toContain('Payment: Paid by card');
    await jobsDone(w.ctx, ['mail']);
    expect(mailsTo('carl.card@example.com')).toHaveLength(1);
  });

  it('says where a delivery goes, its charge, and that it is paid on delivery', async () => {
    await ownerPut(w, `/api/shops/${w.shop.id}/settings/delivery`, {
      minOrderValue: 10,
      suburbs: [{ name: 'Newtown', postcode: '2042', deliveryCharges: 5 }],
    });
    const res = await placeOrder(
      w,
      cash({
        email: 'dee.delivery@example.com',
        collectionType: 'DELIVERY',
        deliveryAddress: { line1: '1 King St', suburb: 'Newtown', postcode: '2042' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const mail = await w.ctx.mail.waitFor('dee.delivery@example.com');
    expect(mail.text).toContain('Delivery: As soon as possible');
    expect(mail.text).toContain('Deliver to: 1 King St, Newtown, 2042');
    expect(mail.text).toContain('Delivery charge: $5.00');
    expect(mail.text).toContain('Total: $21.59');
    expect(mail.text).toContain('Payment: Pay on delivery');
  });

  it('sends none for a declined card, nor without an address (a blank one is none)', async () => {
    const declined = await placeOrder(w, card('tok_chargeDeclined', { email: 'dora.declined@example.com' }));
    expect(declined.statusCode).toBe(402);
    const blank = await placeOrder(w, cash({ email: '   ' }));
    expect(blank.statusCode, blank.body).toBe(201);
    expect((await w.ctx.pool.query('SELECT email FROM orders WHERE id = $1', [blank.json().id])).rows[0].email).toBeNull();
    await jobsDone(w.ctx, ['mail']);
    expect(mailsTo('dora.declined@example.com')).toEqual([]);
  });

  it('refuses an address that is not one, with the e-mail field message', async () => {
    for (const email of ['not-an-email', 'a@b', `${'a'.repeat(250)}@example.com`, 42]) {
      const res = await placeOrder(w, cash({ email }));
      expect(res.statusCode, String(email)).toBe(400);
      expect(res.json().errors).toEqual({ email: 'The email entered is invalid' });
    }
  });
});

describe('the rejection mail', () => {
  it('tells a card customer the reason and that the payment was refunded', async () => {
    const res = await placeOrder(w, card('tok_visa', { email: 'rita.refund@example.com' }));
    const { id, number } = res.json();
    await w.ctx.mail.waitFor('rita.refund@example.com', /^Your order #/);
    expect((await act(id, 'reject', { reason: 'Item Unavailable' })).statusCode).toBe(200);
    const mail = await w.ctx.mail.waitFor('rita.refund@example.com', /not accepted/);
    expect(mail.subject).toBe(`Your order #${number} at Corner Cafe was not accepted`);
    expect(mail.text).toContain('Reason: Item Unavailable');
    expect(mail.text).toContain('Your card payment of $16.59 was refunded to your card.');
    expect(mail.links.some((l) => l.includes(`/order/${w.shop.id}/orders/${id}?token=`))).toBe(true);
  });

  it('tells a cash customer there is nothing to pay, and a card customer whose refund is not through yet that it is coming', async () => {
    const cashOrder = (await placeOrder(w, cash({ email: 'cora.cash@example.com' }))).json();
    expect((await act(cashOrder.id, 'accept', { eta: { minutes: 10 } })).statusCode).toBe(200);
    expect((await act(cashOrder.id, 'reject', { reason: 'Store Closed' })).statusCode).toBe(200);
    const cashMail = await w.ctx.mail.waitFor('cora.cash@example.com', /not accepted/);
    expect(cashMail.text).toContain('Reason: Store Closed');
    expect(cashMail.text).toContain('Nothing was charged, and there is nothing to pay at the counter.');

    const failing = (await placeOrder(w, card('tok_refundFail', { email: 'fred.fail@example.com' }))).json();
    expect((await act(failing.id, 'reject', { reason: 'Too Busy' })).statusCode).toBe(200);
    const failMail = await w.ctx.mail.waitFor('fred.fail@example.com', /not accepted/);
    expect(failMail.text).toContain('Your card payment of $16.59 will be refunded to your card');
  });

  it('sends nothing when the customer gave no address', async () => {
    const o = (await placeOrder(w, cash())).json();
    const before = w.ctx.mail.messages.length;
    expect((await act(o.id, 'reject', { reason: 'Store Closed' })).statusCode).toBe(200);
    await jobsDone(w.ctx, ['mail']);
    expect(w.ctx.mail.messages.length).toBe(before);
  });
});
