import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { audit } from '../helpers/audit';
import { smallButtons } from '../helpers/touch';
import { createUser } from '../helpers/users';
import { onPath, signIn, uniqueEmail, useE2eEnvironment } from './steps';

/**
 * Two-factor sign-in, as a user turns it on: from the header to the Security page, the QR code and key, a code from
 * the app (computed here from the key the page shows), the recovery codes once; then signing out and in again with
 * the password and a code. The page and its dialogs pass axe, their buttons are 44 px and reachable by keyboard.
 */
describe.skipIf(!hasChromium())('two-factor sign-in', () => {
  const env = useE2eEnvironment();

  it('is turned on from the Security page, and sign-in then asks for a code', async () => {
    const user = await createUser(env.server.ctx, { email: uniqueEmail('totp'), name: 'Tess Totp' });
    const { context, page } = await newPage(env.browser, DESKTOP);
    const clock = env.server.ctx.clock;
    const code = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now().getTime() });
    try {
      await signIn(page, env.server, user.email);
      await onPath(page, '/');
      await page.getByRole('link', { name: 'Security' }).click();
      await onPath(page, '/account/security');
      await page.getByText('Off. Signing in needs only your password.').waitFor();
      await page.getByTestId('session-row').first().getByText('This device').waitFor();
      // The helper's own sign-in (through the API) is the other session.
      expect(await page.getByTestId('session-row').count()).toBe(2);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await smallButtons(page.locator('main'))).toEqual([]);
      await audit(page, 'security-off');

      // Keyboard: Tab reaches Turn on, Enter opens the set-up.
      const turnOn = page.getByRole('button', { name: 'Turn on' });
      for (let i = 0; i < 30 && !(await turnOn.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
      await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      const secret = (await setup.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await audit(page, 'security-setup');
      await setup.getByLabel('Code from the app').fill(code(secret));
      await setup.getByRole('button', { name: 'Confirm' }).click();

      const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
      await saved.getByTestId('recovery-codes').waitFor();
      expect(await saved.getByRole('listitem').count()).toBe(10);
      await audit(page, 'security-recovery-codes', { exclude: ['.MuiSnackbar-root'] });
      await saved.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByText('On. Signing in needs your password and a code from your authenticator app.').waitFor();
      await page.getByText('10 recovery codes left').waitFor();

      await page.getByRole('button', { name: 'Logout' }).click();
      await onPath(page, '/login');
      // The code that turned it on is spent: the app shows the next one half a minute later.
      clock.advance(30_000);
      await signIn(page, env.server, user.email);
      await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
      await audit(page, 'sign-in-code');
      await page.getByLabel('Code', { exact: true }).fill(code(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await onPath(page, '/');
      await page.getByTestId('user-name').getByText('Tess Totp').waitFor();

      // A fresh visit paints the pre-rendered sign-in page, whose own script sends the password: the challenge it gets
      // is handed to the console, which asks for the code.
      const fresh = await newPage(env.browser, DESKTOP);
      try {
        clock.advance(30_000);
        await fresh.page.goto(`${env.server.baseUrl}/login`);
        await signIn(fresh.page, env.server, user.email);
        await fresh.page.getByRole('heading', { name: 'Enter your code' }).waitFor();
        await fresh.page.getByLabel('Code', { exact: true }).fill(code(secret));
        await fresh.page.getByRole('button', { name: 'Verify' }).click();
        await onPath(fresh.page, '/');
        await fresh.page.getByTestId('user-name').getByText('Tess Totp').waitFor();
        expect(fresh.errors).toEqual([]);

        // From here, the first browser's session is signed out on the Security page.
        await fresh.page.goto(`${env.server.baseUrl}/account/security`);
        const rows = fresh.page.getByTestId('session-row');
        await rows.first().getByText('This device').waitFor();
        const before = await rows.count();
        await fresh.page.getByRole('button', { name: 'Sign out all other sessions' }).click();
        await fresh.page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
        await fresh.page.getByText('No other sessions.').waitFor();
        expect(before).toBeGreaterThan(1);
        expect(await rows.count()).toBe(1);
      } finally {
        await fresh.context.close();
      }
    } finally {
      await context.close();
    }
  });
});
