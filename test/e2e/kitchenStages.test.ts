import { describe, expect, it } from 'vitest';
import { hasChromium, newPage } from '../helpers/browser';
import { seedOrder } from '../helpers/orders';
import { onPath, orderingShop, signIn, useE2eEnvironment } from './steps';
import { audit } from '../helpers/audit';

/** A tablet on the counter: the width the kitchen's board is used at. */
const TABLET = { width: 820, height: 1180 };
const MIN = 60_000;

/**
 * The kitchen's stages on the New Orders board in Chromium at tablet width: a cooking order marked Ready and then
 * completed, in one tap each, and an order scheduled for later waiting in Scheduled until the server's clock reaches
 * its time to go to the kitchen, where it rings.
 */
describe.skipIf(!hasChromium())('the kitchen stages in Chromium', () => {
  const env = useE2eEnvironment();

  it('a cooking order → Ready → Complete; a scheduled order moves to New Orders when its time comes', async () => {
    const { ctx } = env.server;
    const { owner, shop } = await orderingShop(env.server, 'Stage Door Cafe');
    const now = ctx.clock.now();
    const cooking = await seedOrder(ctx, shop.id, {
      customerName: 'Cody Cooking',
      orderStatusRestaurant: 'ACCEPTED',
      acceptedAt: now,
      acknowledgedAt: now,
    });
    // Due in 22 minutes with a 20-minute prep time: it goes to the kitchen in 2 minutes.
    await seedOrder(ctx, shop.id, {
      customerName: 'Sally Scheduled',
      collectionTime: new Date(now.getTime() + 22 * MIN),
      holdUntil: new Date(now.getTime() + 2 * MIN),
    });
    const { context, page, errors } = await newPage(env.browser, TABLET);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/dashboard`);
      const inProgress = page.getByTestId('in-progress');
      const card = inProgress.getByTestId('in-progress-order').filter({ hasText: 'Cody Cooking' });
      await card.waitFor();
      expect(await card.getAttribute('data-stage')).toBe('cooking');
      const scheduled = page.getByTestId('scheduled').getByTestId('scheduled-order').filter({ hasText: 'Sally Scheduled' });
      await scheduled.waitFor();
      await expect.poll(() => scheduled.getByText(/To the kitchen at/).count()).toBe(1);
      // Nothing rings for an order that is not the kitchen's yet.
      expect(await page.getByTestId('new-order').count()).toBe(0);
      expect(await page.getByTestId('orders-dashboard').getAttribute('data-ringing')).toBe('false');
      await audit(page, 'orders-dashboard cooking and scheduled');

      // Ready, by keyboard: focus the button and press Enter.
      await card.getByRole('button', { name: 'Ready' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => card.getAttribute('data-stage')).toBe('ready');
      await card.getByText(/^Ready since/).waitFor();
      expect(await card.getByRole('button', { name: 'Ready' }).count()).toBe(0);
      await audit(page, 'orders-dashboard with a ready order');
      await card.getByRole('button', { name: 'Complete' }).click();
      await expect.poll(() => inProgress.getByTestId('in-progress-order').filter({ hasText: 'Cody Cooking' }).count()).toBe(0);
      const done = await ctx.app.inject({ url: `/api/shops/${shop.id}/orders/${cooking.id}`, headers: owner.headers });
      expect(done.json()).toMatchObject({ stage: 'completed' });
      expect(done.json().markedReadyAt).not.toBeNull();

      // The server's clock reaches the scheduled order's time: its sweep moves it to New Orders, where it rings.
      ctx.clock.advance(3 * MIN);
      await ctx.clock.settled();
      await page.getByTestId('new-order').filter({ hasText: 'Sally Scheduled' }).waitFor();
      await expect.poll(() => page.getByTestId('scheduled').getByTestId('scheduled-order').count()).toBe(0);
      await page.getByText('No orders for later', { exact: false }).waitFor();
      await audit(page, 'orders-dashboard scheduled order arrived');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
