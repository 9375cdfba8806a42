import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { createUser, type TestUser } from '../helpers/users';
import { onPath, signIn, uniqueEmail, useE2eEnvironment } from './steps';
import { audit } from '../helpers/audit';
import { createShop } from '../helpers/shopWorld';
import { sessions } from '../../server/infra/db/tables';

/**
 * Changing the bank account once the sign-in's proof is older than STEP_UP_SECONDS: the save is refused with
 * STEP_UP_REQUIRED, the console asks the password in a dialog (a wrong one is told), then sends the same save again,
 * and what was typed in the bank form is what reaches the account.
 */
describe.skipIf(!hasChromium())('step-up before changing the bank account', () => {
  const env = useE2eEnvironment();
  let owner: TestUser;
  let shopId: string;

  beforeAll(async () => {
    owner = await createUser(env.server.ctx, { email: uniqueEmail('step-up-owner'), name: 'Olive Owner' });
    shopId = (await createShop(env.server.ctx, owner, { name: 'Careful Cafe' })).id;
  });

  /** The owner's sessions last proved who they are an hour ago (the server's clock is not moved for the whole app). */
  const ageProofs = () =>
    env.server.ctx.db
      .update(sessions)
      .set({ provedAt: sql`now() - interval '1 hour'` })
      .where(eq(sessions.userId, owner.id));

  it('asks the password in a dialog, keeps the typed bank details, and saves them once proved', async () => {
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${shopId}/payments/stripe`);
      // Connecting right after signing in needs no dialog: signing in is a proof.
      await page.getByRole('button', { name: 'Connect with Stripe' }).click();
      await page.getByRole('button', { name: 'Update Bank Account and Payout Schedule' }).waitFor({ timeout: 30_000 });
      await page.getByText('Charges enabled').waitFor();

      await page.getByRole('button', { name: 'Update Bank Account and Payout Schedule' }).click();
      await page.getByLabel('Account holder name').fill('Olive Owner');
      await page.getByLabel('BSB').fill('110000');
      await page.getByLabel('Account number').fill('000987654');
      await ageProofs();
      await page.getByRole('button', { name: 'Update Bank Account', exact: true }).click();

      const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
      await dialog.waitFor();
      await audit(page, 'step-up dialog');
      // The keyboard alone: the field has the focus; a wrong password is told in the dialog.
      await page.keyboard.type('not my password');
      await page.keyboard.press('Enter');
      await dialog.getByText('That password is not right.').waitFor();
      await dialog.getByLabel('Password').fill('');
      await page.keyboard.type(owner.password);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });

      // The same save went through with what was typed before the dialog.
      await page.getByText('Bank account updated, hooray!').waitFor();
      await page.getByText('•••• 7654').waitFor();
      expect(errors.filter((e) => !/403/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('cancelling the dialog keeps the form as it was typed and saves nothing', async () => {
    const { context, page } = await newPage(env.browser, DESKTOP);
    try {
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.goto(`${env.server.baseUrl}/shops/${shopId}/payments/stripe`);
      await page.getByRole('button', { name: 'Update Bank Account and Payout Schedule' }).click();
      await page.getByLabel('Account holder name').fill('Someone Else');
      await page.getByLabel('BSB').fill('110000');
      await page.getByLabel('Account number').fill('000111222');
      await ageProofs();
      await page.getByRole('button', { name: 'Update Bank Account', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect(page.getByLabel('Account holder name').inputValue()).resolves.toBe('Someone Else');
      await expect(page.getByLabel('Account number').inputValue()).resolves.toBe('000111222');
      await page.getByText('•••• 7654').waitFor();
    } finally {
      await context.close();
    }
  });
});
