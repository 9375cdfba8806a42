import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, hasChromium, newPage, settled } from '../helpers/browser';
import { createUser, type TestUser } from '../helpers/users';
import { customerOrder, onPath, orderingShop, signIn, uniqueEmail, useE2eEnvironment } from './steps';
import { audit } from '../helpers/audit';
import { createShop } from '../helpers/shopWorld';

const SHOTS = process.env.STRIPE_SCREENSHOTS ?? path.join(os.tmpdir(), 'servery-stripe-shots');
const TABLET = { width: 820, height: 1180 };

/** The last responses a page got (for a step that times out: what was asked, what came back). */
function traceResponses(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    seen.push(`${r.status()} ${r.request().method()} ${r.url().replace(/^https?:\/\/[^/]+/, '')}`);
    if (seen.length > 40) seen.shift();
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(`navigated ${f.url().replace(/^https?:\/\/[^/]+/, '')}`);
  });
  return seen;
}

/** Waits for the OAuth round trip's end; if it never comes, says what the page showed, got and logged. */
async function backFromOAuth(page: Page, text: string | RegExp, role: 'button' | 'text', errors: string[], responses: string[]) {
  const target = role === 'button' ? page.getByRole('button', { name: text }) : page.getByText(text);
  // Two full page loads (the simulated OAuth page, then the console again): slow on a cold cache after a build.
  await target.waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
    console.log(
      'DIAG url',
      page.url(),
      '\nDIAG body',
      (await page.locator('body').innerText()).slice(0, 1500),
      '\nDIAG errors',
      errors,
      '\nDIAG responses',
      responses.join('\n  '),
    );
    throw e;
  });
}

/** The page never scrolls sideways (nothing overflows the viewport). */
async function fitsWidth(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
}

/**
 * The card-payment journeys with the simulated provider: connect through the simulated OAuth page, fill
 * the bank form, set a weekly payout schedule on friday, see payouts and balance; a card order placed and rejected
 * shows the refund on the order and in the account's activity; axe and three widths.
 */
describe.skipIf(!hasChromium())('Stripe Connect in the console (simulated provider)', () => {
  const env = useE2eEnvironment();
  let owner: TestUser;
  let shopId: string;

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    owner = await createUser(env.server.ctx, { email: uniqueEmail('stripe-owner'), name: 'Olive Owner' });
    shopId = (await createShop(env.server.ctx, owner, { name: 'Paid Cafe' })).id;
  });

  it('connects, sets the bank account and a weekly payout schedule, and shows payouts and balance', async () => {
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    const responses = traceResponses(page);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${shopId}/payments/stripe`);
      await page.getByRole('button', { name: 'Connect with Stripe' }).waitFor();
      await audit(page, 'connect');
      await page.getByRole('button', { name: 'Connect with Stripe' }).click();
      // The simulated OAuth page sends the browser back with a code; the page finishes and shows the account.
      await backFromOAuth(page, 'Update Bank Account and Payout Schedule', 'button', errors, responses);
      expect(new URL(page.url()).search).toBe('');
      await page.getByText('Charges enabled').waitFor();
      await audit(page, 'account');

      await page.getByRole('button', { name: 'Update Bank Account and Payout Schedule' }).click();
      await page.getByLabel('Account holder name').fill('Olive Owner');
      await page.getByLabel('BSB').fill('110000');
      await page.getByLabel('Account number').fill('000123456');
      await audit(page, 'bank and schedule panel');
      await page.getByRole('button', { name: 'Update Bank Account', exact: true }).click();
      await page.getByText('Bank account updated, hooray!').waitFor();
      await page.getByText('•••• 3456').waitFor();
      await page.getByText('SIMULATED BANK').waitFor();

      await page.getByRole('button', { name: 'Update Bank Account and Payout Schedule' }).click();
      await page.getByLabel('Payout interval').click();
      await page.getByRole('option', { name: 'Weekly' }).click();
      await page.getByLabel('Payout day').click();
      await page.getByRole('option', { name: 'Friday' }).click();
      await page.getByRole('button', { name: 'Update Payout Schedule', exact: true }).click();
      await page.getByText('Payout schedule updated, hooray!').waitFor();
      await page.getByTestId('payout-schedule').filter({ hasText: 'Weekly, on friday' }).waitFor();
      // The panel closed when the account reloaded.
      await page.getByRole('button', { name: 'Update Payout Schedule', exact: true }).waitFor({ state: 'detached' });

      await page.getByRole('menuitem', { name: 'Payouts' }).click();
      await onPath(page, `/shops/${shopId}/payments/stripe_payouts`);
      // A new account has paid nothing out yet: its payouts and balance are what it has charged, nothing so far; the
      // next payout is the schedule's next Friday.
      await page.getByText('No Stripe payouts for this customer yet.').waitFor();
      await page
        .getByTestId('balance-next')
        .filter({ hasText: /On Fri, / })
        .waitFor();
      await expect(page.getByTestId('balance-available').textContent()).resolves.toBe('$0.00');
      await audit(page, 'payouts');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the empty payouts message, and looks right at 390, 820 and 1366 px', async () => {
    const other = await createShop(env.server.ctx, owner, { name: 'Unpaid Cafe' });
    for (const [name, viewport] of [
      ['390', PHONE],
      ['820', TABLET],
      ['1366', DESKTOP],
    ] as const) {
      const { context, page } = await newPage(env.browser, viewport);
      try {
        await signIn(page, env.server, owner.email);
        await onPath(page, '/');
        await page.goto(`${env.server.baseUrl}/shops/${other.id}/payments/stripe_payouts`);
        await page.getByText('No Stripe payouts for this customer yet.').waitFor();
        await page.goto(`${env.server.baseUrl}/shops/${shopId}/payments/stripe`);
        await page.getByRole('button', { name: 'Update Bank Account and Payout Schedule' }).click();
        await page.getByLabel('Account holder name').waitFor();
        // Let the panel finish opening before measuring it.
        await settled(page);
        await fitsWidth(page, `account ${name}`);
        await page.screenshot({ path: path.join(SHOTS, `account-${name}.png`), fullPage: true });
        await page.goto(`${env.server.baseUrl}/shops/${shopId}/payments/stripe_payouts`);
        await page.getByTestId('balance-next').waitFor();
        await fitsWidth(page, `payouts ${name}`);
        await page.screenshot({ path: path.join(SHOTS, `payouts-${name}.png`), fullPage: true });
      } finally {
        await context.close();
      }
    }
  });

  it("a card order placed and rejected shows the refund on the order and in the account's activity", async () => {
    const { owner: cardOwner, shop, itemId } = await orderingShop(env.server, 'Card Cafe');
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    const responses = traceResponses(page);
    try {
      await signIn(page, env.server, cardOwner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/payments/stripe`);
      // As in the first journey: the page has finished loading before the owner leaves it for the OAuth page.
      await page.getByRole('button', { name: 'Connect with Stripe' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Connect with Stripe' }).click();
      await backFromOAuth(page, 'Charges enabled', 'text', errors, responses);

      // A customer's app pays by card through the ordering API.
      const order = await customerOrder(env.server, shop.id, itemId, 'Carl Card', { paymentType: 'CREDIT_CARD', paymentToken: 'tok_visa' });
      expect(order).toMatchObject({ paymentStatus: 'PAID', grandTotal: 9 });

      await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/${order.id}`);
      await page.getByTestId('order-detail').waitFor();
      await page.getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('The customer paid by card: the payment will be refunded.').waitFor();
      await dialog.getByLabel('Reason').click();
      await page.getByRole('option', { name: 'Item Unavailable' }).click();
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await expect
        .poll(() => page.getByTestId('order-banner').textContent())
        .toContain('This order was declined and the payment was successfully refunded.');
      await page.getByText('Item Unavailable').first().waitFor();
      await audit(page, 'refunded order');

      await page.getByRole('menuitem', { name: 'Payouts' }).click();
      await onPath(page, `/shops/${shop.id}/payments/stripe_payouts`);
      const activity = page.getByTestId('activity');
      await activity.first().waitFor();
      expect(await activity.count()).toBe(2);
      // Newest first: the refund (money out, negative), then the charge it gave back.
      const row = async (i: number) => ({
        type: await activity.nth(i).getByTestId('activity-type').textContent(),
        amount: await activity.nth(i).getByTestId('activity-amount').textContent(),
      });
      expect(await row(0)).toEqual({ type: 'Refund', amount: '-$9.00' });
      expect(await row(1)).toEqual({ type: 'Charge', amount: '$9.00' });
      await activity.nth(0).getByText('REFUND FOR CHARGE (Order from Carl Card)').waitFor();
      await activity.nth(1).getByText('Order from Carl Card', { exact: true }).waitFor();
      await audit(page, 'payouts with recent activity');

      for (const [name, viewport] of [
        ['390', PHONE],
        ['820', TABLET],
        ['1366', DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport);
        await settled(page);
        await activity.first().waitFor();
        await fitsWidth(page, `activity ${name}`);
        await page.screenshot({ path: path.join(SHOTS, `activity-${name}.png`), fullPage: true });
        await page.goto(`${env.server.baseUrl}/shops/${shop.id}/orders/${order.id}`);
        await page.getByTestId('order-banner').waitFor();
        await settled(page);
        await fitsWidth(page, `refunded order ${name}`);
        await page.screenshot({ path: path.join(SHOTS, `refunded-order-${name}.png`), fullPage: true });
        await page.goBack();
        await onPath(page, `/shops/${shop.id}/payments/stripe_payouts`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
