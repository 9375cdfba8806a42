import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { login } from '../../helpers/users';
import { expectRetryAfter, LIMITED } from '../../helpers/rateLimits';

/** Invitation mails carry text the sender chose to any address, so they are limited per shop and per sender. */
let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld({ env: { INVITES_PER_HOUR_PER_SHOP: '4', INVITES_PER_HOUR_PER_USER: '2' } });
});
afterAll(() => w.ctx.close());

const invite = (headers: Record<string, string>, to: string, shopId = w.shop.id) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/shops/${shopId}/invites`, headers, payload: { to, role: 'USER' } });

describe('invitation mail limits', () => {
  it('stops one sender after INVITES_PER_HOUR_PER_USER, counting resends, and sends no mail when refused', async () => {
    const first = await invite(w.owner.headers, 'one@example.com');
    expect(first.statusCode).toBe(201);
    const resent = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/shops/${w.shop.id}/invites/${first.json().invite.id}/resend`,
      headers: w.owner.headers,
    });
    expect(resent.statusCode).toBe(200);
    const sent = w.ctx.mail.messages.length;
    const third = await invite(w.owner.headers, 'three@example.com');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(LIMITED);
    expectRetryAfter(third, 3600);
    expect(w.ctx.mail.messages.length).toBe(sent);
    const listed = await w.ctx.app.inject({ url: `/api/shops/${w.shop.id}/invites`, headers: w.owner.headers });
    expect(listed.json().map((i: { toEmail: string }) => i.toEmail)).not.toContain('three@example.com');
  });

  it('stops the shop after INVITES_PER_HOUR_PER_SHOP whoever sends, and lifts after the hour', async () => {
    expect((await invite(w.staff.headers, 'four@example.com')).statusCode).toBe(201);
    // The shop is at its 4 (the owner's refused try counts too): the staff member has room of their own, the shop has not.
    expectRetryAfter(await invite(w.staff.headers, 'five@example.com'), 3600);
    // Another shop is not affected.
    expect((await invite(w.outsider.headers, 'six@example.com', w.otherShop.id)).statusCode).toBe(201);
    w.ctx.clock.advance(3601_000);
    // An hour on, the access token has expired too: sign in again.
    const staff = await login(w.ctx, w.staff.email, w.staff.password);
    expect((await invite(staff.headers, 'five@example.com')).statusCode).toBe(201);
  });
});
