import { describe, expect, it } from 'vitest';
import { hasChromium, newPage } from '../helpers/browser';
import { audit } from '../helpers/audit';
import { defaultOrderProcess } from '../../domain/orderProcess';
import { customerOrder, onPath, orderingShop, signIn, useE2eEnvironment } from './steps';

const TABLET = { width: 820, height: 1180 };
const MIN = 60_000;

/**
 * The counter's tablet: an item is sold out from an order card's 'Sold out…' menu and the board's Sold out panel lists
 * it; then three orders in a row go unanswered until the ladder escalates (the server's clock), the shop pauses
 * itself, the board says why, and one keyboard press on Resume takes orders again. axe on each state.
 */
describe.skipIf(!hasChromium())('a shop that stops answering, on the board', () => {
  // Sessions outlive the minutes the server's clock is moved on.
  const env = useE2eEnvironment({ env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });

  it('86es an item from a card, then shows why new orders paused and resumes in one tap', async () => {
    const { ctx } = env.server;
    const { owner, shop, itemId } = await orderingShop(env.server, 'Quiet Corner Cafe');
    const settings = { ...defaultOrderProcess, unprocessedOrderAlertMinutes: 1 };
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shops/${shop.id}/settings/order`,
      headers: owner.headers,
      payload: settings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const name of ['Ann Unanswered', 'Ben Unanswered', 'Cal Unanswered']) await customerOrder(env.server, shop.id, itemId, name);

    const { context, page, errors } = await newPage(env.browser, TABLET);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/dashboard`);
      const card = page.getByTestId('new-order').filter({ hasText: 'Ann Unanswered' });
      await card.waitFor();

      // 86 from the card: the menu names the card's item, and the board's panel then lists it.
      await card.getByRole('button', { name: 'More for Ann Unanswered' }).click();
      await page.getByRole('menu').getByText('Sold out…').waitFor();
      await page.getByRole('menuitem', { name: 'Flat White: sold out for 1 hour' }).waitFor();
      await audit(page, 'order card sold out menu');
      await page.getByRole('menuitem', { name: 'Flat White: sold out for 1 hour' }).click();
      await page.getByTestId('sold-out-panel').getByText('Flat White').waitFor();
      const listed = await ctx.app.inject({ url: `/api/shops/${shop.id}/sold_out`, headers: owner.headers });
      expect(listed.json()).toEqual([expect.objectContaining({ itemId, until: expect.any(String) })]);

      // Nobody answers: at twice the alert delay all three escalate, and the shop pauses itself.
      ctx.clock.advance(3 * MIN);
      await ctx.clock.settled();
      const banner = page.getByTestId('busy-panel').locator('[data-part="auto-paused"]');
      await banner.getByText('New orders paused: 3 orders in a row went unanswered.').waitFor({ timeout: 20_000 });
      await audit(page, 'orders-dashboard auto-paused');

      // One keyboard press resumes (busy mode's OFF).
      await banner.getByRole('button', { name: 'Resume' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => banner.count()).toBe(0);
      const busy = await ctx.app.inject({ url: `/api/shops/${shop.id}/orders/busy`, headers: owner.headers });
      expect(busy.json()).toMatchObject({ paused: false, pauseReason: null });
      await ctx.mail.waitFor(owner.email, /paused new orders: 3 orders in a row went unanswered/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
