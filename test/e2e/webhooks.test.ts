import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { audit } from '../helpers/audit';
import { verifies, webhookReceiver } from '../helpers/webhookReceiver';
import { onPath, signIn } from './steps';
import { useSettingsScene } from './settingsScene';

/**
 * Webhooks: the owner opens the page from the sidebar, adds an endpoint (a URL-less one is refused in the form), sees
 * its secret once, sends a test event that a real receiver verifies with that secret, sees it in the delivery log,
 * and resends it (the same webhook-id arrives again). The pages and dialogs pass axe at every step.
 */
describe.skipIf(!hasChromium())('Webhooks', () => {
  // The receiver listens on loopback, which production refuses.
  const { env, scene } = useSettingsScene({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => {
    receiver = await webhookReceiver();
  });
  afterAll(() => receiver.close());

  it('are added, their secret shown once, tested, logged and resent', async () => {
    const { context, page } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, scene.owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${scene.shopId}/overview`);
      await page.getByRole('menuitem', { name: 'Webhooks' }).click();
      await onPath(page, `/shops/${scene.shopId}/webhooks`);
      await page.getByText('No webhook endpoints yet.').waitFor();
      await audit(page, 'webhooks-empty');

      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await dialog.getByRole('button', { name: 'Add' }).click();
      await dialog.getByText('URL is required').waitFor();
      await audit(page, 'webhooks-create-invalid', { exclude: ['.MuiSnackbar-root'] });
      await dialog.getByLabel('URL').fill(receiver.url);
      await dialog.getByLabel('Description').fill('Kitchen display');
      await dialog.getByRole('checkbox', { name: 'Order placed' }).check();
      await dialog.getByRole('checkbox', { name: 'Order accepted' }).press('Space');
      await dialog.getByRole('button', { name: 'Add' }).click();

      const shown = page.getByRole('dialog', { name: 'Signing secret' });
      const secret = (await shown.getByTestId('webhook-secret').textContent())!;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      await shown.getByText('It will not be shown again', { exact: false }).waitFor();
      await audit(page, 'webhooks-secret-once', { exclude: ['.MuiSnackbar-root'] });
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'detached' });

      // The endpoint's own page: its events, no secret, nothing sent yet.
      await page.getByRole('heading', { name: 'Kitchen display' }).waitFor();
      await page.getByText('Order placed, Order accepted').waitFor();
      expect(await page.getByText(secret).count()).toBe(0);
      await page.getByText('Nothing sent yet.', { exact: false }).waitFor();

      await page.getByRole('button', { name: 'Send test event' }).click();
      await receiver.waitFor(1);
      expect(verifies(secret, receiver.received[0])).toBe(true);
      const row = page.getByTestId('webhook-delivery').filter({ hasText: 'Test event' });
      await row.getByText('Delivered').waitFor();
      await row.getByText(': 204 in ', { exact: false }).waitFor();
      await audit(page, 'webhooks-log', { exclude: ['.MuiSnackbar-root'] });

      const messageId = receiver.received[0].headers['webhook-id'];
      await row.getByRole('button', { name: `Resend ${messageId}` }).click();
      await receiver.waitFor(2);
      expect(receiver.received[1].headers['webhook-id']).toBe(messageId);
      // The log follows the resend by itself.
      await expect.poll(() => row.getByText(': 204 in ', { exact: false }).count(), { timeout: 10_000 }).toBe(2);

      await page.getByRole('link', { name: 'All endpoints' }).click();
      const listed = page.getByTestId('webhook-row').filter({ hasText: receiver.url });
      await listed.getByText('Enabled').waitFor();
      await audit(page, 'webhooks-list', { exclude: ['.MuiSnackbar-root'] });
    } finally {
      await context.close();
    }
  });
});
