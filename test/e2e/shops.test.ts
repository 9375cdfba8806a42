import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, hasChromium, newPage, PHONE, settled } from '../helpers/browser';
import { createUser, type TestUser } from '../helpers/users';
import { inviteByApi, onPath, signIn, uniqueEmail, uploadLogo, useE2eEnvironment } from './steps';

/**
 * The shop journey in Chromium against the real server: create a shop with a cropped
 * logo, have it reviewed and found, invite a second account by e-mail, and take it away again.
 * With SCREENSHOT_DIR set, every screen is also captured at desktop and phone sizes.
 */
describe.skipIf(!hasChromium())('shop journeys in Chromium', () => {
  const env = useE2eEnvironment();
  const url = (p: string) => `${env.server.baseUrl}${p}`;
  const shots = process.env.SCREENSHOT_DIR;

  async function shoot(page: Page, name: string) {
    if (!shots) return;
    fs.mkdirSync(shots, { recursive: true });
    await settled(page);
    const size = page.viewportSize()?.width === PHONE.width ? 'phone' : 'desktop';
    await page.screenshot({ path: path.join(shots, `${name}-${size}.png`), fullPage: true });
  }

  /** Captures the current URL at phone size in a second page of the same session. */
  async function shootPhone(page: Page, name: string) {
    if (!shots) return;
    const phone = await page.context().newPage();
    await phone.setViewportSize(PHONE);
    await phone.goto(page.url());
    await phone.waitForLoadState('networkidle');
    await shoot(phone, name);
    await phone.close();
  }

  /** A valid new-shop body whose logo is a real upload by the shop's owner (a logo must be the owner's own upload). */
  async function shopBody(name: string, owner: TestUser) {
    const logo = await uploadLogo(env.server, owner, { r: 36, g: 48, b: 46 });
    return {
      name,
      description: 'Fresh every single morning',
      locality: 'Fitzroy',
      logo: { path: logo },
      country: 'AU',
      type: 'CAFE',
      timezone: 'Australia/Melbourne',
    };
  }

  async function choose(page: Page, label: string, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('creates a shop, gets it approved and found, shares it by invitation and takes it back', async () => {
    const owner = await createUser(env.server.ctx, { email: uniqueEmail('owner'), name: 'Olive Owner' });
    const admin = await createUser(env.server.ctx, { email: uniqueEmail('admin'), name: 'Sam Super', superAdmin: true });
    const helper = await createUser(env.server.ctx, { email: uniqueEmail('helper'), name: 'Hal Helper' });
    const ownerTab = await newPage(env.browser, DESKTOP);
    const adminTab = await newPage(env.browser, DESKTOP);
    const helperTab = await newPage(env.browser, DESKTOP);
    const tabs = { owner: ownerTab, admin: adminTab, helper: helperTab };
    try {
      // The owner's first visit: no shop yet.
      let page = ownerTab.page;
      await signIn(page, env.server, owner.email);
      await onPath(page, '/');
      await page.getByText('We are excited to see you!').waitFor();
      await shoot(page, 'shops-empty');
      await shootPhone(page, 'shops-empty');

      // New Shop: the form stays unsendable until every rule holds.
      await page.getByRole('link', { name: 'New Shop' }).first().click();
      await onPath(page, '/shops/create');
      const create = page.getByRole('button', { name: 'Create Shop' });
      expect(await create.isDisabled()).toBe(true);
      await page.getByLabel('Name', { exact: true }).fill('Cu');
      await page.getByText('Should be at least 3 characters', { exact: true }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Cappuccino Corner');
      await page.getByLabel('Description', { exact: true }).fill('Coffee and cakes all day');
      await page.getByLabel('Locality', { exact: true }).fill('Newtown');
      await choose(page, 'Country', 'Australia');
      await choose(page, 'Time zone', 'Australia/Sydney');
      expect(await create.isDisabled()).toBe(true); // no logo yet

      // The logo: choose a PNG, crop it square in the dialog, upload.
      const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 180, g: 68, b: 31 } } })
        .png()
        .toBuffer();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose image' }).click()]);
      await chooser.setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
      const crop = page.getByRole('dialog');
      await crop.locator('img').first().waitFor();
      await shoot(page, 'shop-create-crop');
      await crop.getByRole('button', { name: 'Upload', exact: true }).click();
      await crop.waitFor({ state: 'detached' });
      await page.locator('img[src*="/api/media/"]').first().waitFor();
      await shoot(page, 'shop-create');
      await shootPhone(page, 'shop-create');

      await expect.poll(() => create.isDisabled()).toBe(false);
      await create.click();
      await page.getByText('Shop created. It will be listed once it has been reviewed.').waitFor();
      await onPath(page, '/shops');
      const row = page.getByTestId('shop-row').filter({ hasText: 'Cappuccino Corner' });
      await row.getByText('Waiting for review').waitFor();
      const shopId = (await row.getAttribute('data-key'))!;
      expect(shopId).toMatch(/^[0-9a-f-]{36}$/);
      await shoot(page, 'shops-list');
      await shootPhone(page, 'shops-list');

      // Clicking the row opens the shop's home (New Orders); the overview is one click away.
      await row.click();
      await onPath(page, `/shops/${shopId}/orders/dashboard`);
      await page.getByRole('heading', { name: 'New Orders', level: 1 }).waitFor();
      await page.getByRole('menuitem', { name: 'Overview' }).click();
      await page.getByRole('heading', { name: 'Cappuccino Corner' }).waitFor();
      await page.getByText('Australia/Sydney'.replace('_', ' ')).waitFor();
      await shoot(page, 'shop-overview');
      await shootPhone(page, 'shop-overview');

      // A super admin approves it on the review page.
      page = adminTab.page;
      await signIn(page, env.server, admin.email);
      await onPath(page, '/');
      await page.getByRole('menuitem', { name: 'Review' }).click();
      await onPath(page, '/shops/review');
      const pending = page.getByTestId('shop-row').filter({ hasText: 'Cappuccino Corner' });
      await pending.waitFor();
      await shoot(page, 'review');
      await shootPhone(page, 'review');
      await pending.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Approve?').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Shop approved').waitFor();
      await pending.waitFor({ state: 'detached' });

      // Published shops are searchable, typos included.
      await page.getByRole('menuitem', { name: 'Search' }).click();
      await onPath(page, '/shops/search');
      const box = page.getByRole('searchbox', { name: 'Search shops' });
      await box.fill('Cappuccino');
      await page.getByTestId('shop-row').filter({ hasText: 'Cappuccino Corner' }).getByText('Published').waitFor();
      await shoot(page, 'search');
      await shootPhone(page, 'search');
      await box.fill('capucino');
      await page.getByTestId('shop-row').filter({ hasText: 'Cappuccino Corner' }).waitFor();
      await box.fill('zzzzqqqq');
      await page.getByText('Search did not match any shops.').waitFor();
      await page.getByRole('button', { name: 'Clear' }).click();
      expect(await box.inputValue()).toBe('');

      // The owner sees it published.
      page = ownerTab.page;
      await page.goto(url('/shops'));
      await page.getByTestId('shop-row').filter({ hasText: 'Cappuccino Corner' }).getByText('Published').waitFor();

      // Invite the helper by e-mail.
      await page.getByTestId('shop-row').filter({ hasText: 'Cappuccino Corner' }).getByRole('link', { name: 'Manage Users' }).click();
      await onPath(page, `/shops/${shopId}/users`);
      await page.getByText('No pending invitations').waitFor();
      await page.getByRole('button', { name: 'Invite User' }).click();
      const invite = page.getByRole('dialog');
      await invite.getByRole('button', { name: 'Send Invitation' }).click();
      await page.getByText('Invalid form').waitFor();
      await invite.getByText('Please enter the email of the user to be invited.').first().waitFor();
      await invite.getByLabel('Email', { exact: true }).fill(helper.email);
      await invite.getByRole('radio', { name: 'User' }).check();
      await invite.getByRole('button', { name: 'Send Invitation' }).click();
      await page.getByText('User Invited.').waitFor();
      await page.getByTestId('invite-row').filter({ hasText: helper.email }).waitFor();
      await shoot(page, 'users');
      await shootPhone(page, 'users');

      // Resending mails a new link (the first one stops working).
      await env.server.ctx.mail.waitFor(helper.email, /invit/i);
      await page.getByTestId('invite-row').filter({ hasText: helper.email }).getByRole('button', { name: 'Resend Invitation' }).click();
      await page.getByText('Invitation Email Sent.').waitFor();
      await expect.poll(() => env.server.ctx.mail.for(helper.email).length, { timeout: 10_000 }).toBe(2);

      // The helper answers from the mail's link: signs in first, then accepts.
      const mail = await env.server.ctx.mail.waitFor(helper.email, /invit/i);
      const acceptLink = mail.links.find((l) => l.includes('action=accept'));
      expect(acceptLink).toBeDefined();
      page = helperTab.page;
      await page.goto(acceptLink!);
      await page.getByText(helper.email).first().waitFor();
      await page.getByText('Cappuccino Corner').first().waitFor();
      await shoot(page, 'invitation-anonymous');
      await shootPhone(page, 'invitation-anonymous');
      await page.getByRole('link', { name: 'Sign in to answer' }).click();
      await onPath(page, '/login');
      await signIn(page, env.server, helper.email);
      await onPath(page, /^\/invites\//);
      await page.getByRole('button', { name: 'Accept' }).waitFor();
      await shoot(page, 'invitation');
      await page.getByRole('button', { name: 'Accept' }).click();
      await page.getByText('Invitation accepted.').waitFor();
      await onPath(page, '/shops');
      await page.getByTestId('shop-row').filter({ hasText: 'Cappuccino Corner' }).waitFor();

      // The owner sees the helper among the shop users and removes them.
      page = ownerTab.page;
      await page.reload();
      const seller = page.getByTestId('seller-row').filter({ hasText: helper.email });
      await seller.waitFor();
      await page.getByText('No pending invitations').waitFor();
      await seller.getByRole('button', { name: 'Remove' }).click();
      await page.getByText('Are you sure?').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await page.getByText('User removed.').waitFor();
      await seller.waitFor({ state: 'detached' });

      // The helper can no longer open the shop.
      page = helperTab.page;
      await page.goto(url(`/shops/${shopId}/orders/dashboard`));
      await page.getByText(`Cannot find shop with id ${shopId}`).first().waitFor();
      await page.goto(url('/shops'));
      await page.getByText('We are excited to see you!').waitFor();

      expect([...ownerTab.errors, ...adminTab.errors, ...helperTab.errors]).toEqual([]);
    } catch (error) {
      // With SCREENSHOT_DIR set, a failure leaves a picture of every tab behind.
      for (const [who, tab] of Object.entries(tabs)) await shoot(tab.page, `failure-${who}`).catch(() => undefined);
      throw error;
    } finally {
      await Promise.all([ownerTab.context.close(), adminTab.context.close(), helperTab.context.close()]);
    }
  });
  it('rejects a shop with a reason the owner sees and fixes, and runs the other platform pages', async () => {
    const owner = await createUser(env.server.ctx, { email: uniqueEmail('owner'), name: 'Rita Rejected' });
    const admin = await createUser(env.server.ctx, { email: uniqueEmail('admin'), name: 'Sam Super', superAdmin: true });
    const created = await env.server.ctx.app.inject({
      method: 'POST',
      url: '/api/shops',
      headers: owner.headers,
      payload: await shopBody('Bagel Barn', owner),
    });
    expect(created.statusCode).toBe(201);
    const shopId = created.json().id as string;
    const ownerTab = await newPage(env.browser, DESKTOP);
    const adminTab = await newPage(env.browser, DESKTOP);
    try {
      // The super admin rejects it with a reason.
      let page = adminTab.page;
      await signIn(page, env.server, admin.email);
      await onPath(page, '/');
      await page.goto(url('/shops/review'));
      const pending = page.getByTestId('shop-row').filter({ hasText: 'Bagel Barn' });
      await pending.getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await dialog.getByText('Please give a reason for rejecting this shop.').waitFor();
      await dialog.getByLabel('Reject Reason').fill('The logo is not the shop logo.');
      await shoot(page, 'review-reject');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await page.getByText('Shop rejected').waitFor();
      await pending.waitFor({ state: 'detached' });

      // Browse lists every shop, 20 at a time.
      await page.getByRole('menuitem', { name: 'Browse' }).click();
      await onPath(page, '/shops/browse');
      await page.getByTestId('shop-row').filter({ hasText: 'Bagel Barn' }).getByText('Rejected').waitFor();
      expect(await page.getByRole('button', { name: 'Load More' }).isDisabled()).toBe(true);
      await shoot(page, 'browse');
      await shootPhone(page, 'browse');

      // Transaction fee: defaults from the server, number fields only when applicable.
      await page.goto(url(`/shops/${shopId}/transaction_fee`));
      const applicable = page.getByRole('switch', { name: 'Applicable' });
      await applicable.waitFor();
      expect(await page.getByLabel('Micro limit').count()).toBe(0);
      await applicable.check();
      // Entered and shown in dollars; the API keeps cents.
      expect(await page.getByLabel('Micro limit').inputValue()).toBe('20.00');
      expect(await page.getByLabel('Normal amount').inputValue()).toBe('0.80');
      await page.getByLabel('Normal amount').fill('');
      await page.getByText('Normal amount is required').waitFor();
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await page.getByLabel('Normal amount').fill('0.95');
      await shoot(page, 'transaction-fee');
      await shootPhone(page, 'transaction-fee');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved', { exact: true }).first().waitFor();
      const fee = await env.server.ctx.app.inject({ method: 'GET', url: `/api/shops/${shopId}/transaction_fee`, headers: admin.headers });
      expect(fee.json()).toMatchObject({ applicable: true, normalAmount: 95, microLimit: 2000 });

      // Shop users as a super admin: invite and withdraw, and add an admin directly.
      await page.getByRole('menuitem', { name: 'Users' }).click();
      await onPath(page, `/shops/${shopId}/users`);
      await page.getByRole('button', { name: 'Invite User' }).click();
      await page.getByRole('dialog').getByLabel('Email', { exact: true }).fill('later@example.com');
      await page.getByRole('dialog').getByRole('radio', { name: 'Admin' }).check();
      await page.getByRole('dialog').getByRole('button', { name: 'Send Invitation' }).click();
      await page.getByText('User Invited.').waitFor();
      const invited = page.getByTestId('invite-row').filter({ hasText: 'later@example.com' });
      await invited.getByText('Admin', { exact: true }).waitFor();
      // Resend and Remove are separate actions named for the invitation; removing asks first.
      await invited.getByRole('button', { name: 'Resend Invitation to later@example.com' }).waitFor();
      await invited.getByRole('button', { name: 'Remove invitation to later@example.com' }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText('The invitation to later@example.com will stop working.').waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await invited.waitFor();
      await invited.getByRole('button', { name: 'Remove invitation to later@example.com' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await page.getByText('Invite removed.').waitFor();
      await page.getByText('No pending invitations').waitFor();
      const added = uniqueEmail('added');
      await page.getByRole('button', { name: 'Add User' }).click();
      await page.getByRole('dialog').getByLabel('Email', { exact: true }).fill(added);
      await page.getByRole('dialog').getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('dialog').getByRole('button', { name: 'Add User' }).click();
      await page.getByRole('dialog').getByText('Password should be atleast 8 characters').waitFor();
      await page.getByRole('dialog').getByLabel('Password', { exact: true }).fill('long enough secret');
      await shoot(page, 'add-user');
      await page.getByRole('dialog').getByRole('button', { name: 'Add User' }).click();
      await page.getByText(`User added as shop admin. An email with the login details was sent to ${added}.`).waitFor();
      await page.getByTestId('seller-row').filter({ hasText: added }).getByText('Admin', { exact: true }).waitFor();

      // The payment switch asks before it applies, then the console's key follows it.
      await page.getByRole('menuitem', { name: 'All shops' }).click();
      await page.getByRole('menuitem', { name: 'Stripe' }).click();
      await onPath(page, '/stripe/switch');
      // Apply waits for the required key.
      expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
      await page.getByText('Enter the publishable key to apply.').waitFor();
      // Labelled for people, not with the config's key names.
      expect(await page.getByLabel(/stripePk/i).count()).toBe(0);
      await page.getByLabel(/^Publishable key/).fill('pk_test_main');
      await page.getByLabel('Previous publishable key', { exact: true }).fill('pk_test_v2');
      await page.getByRole('switch', { name: 'Switch to unified Stripe Connect' }).check();
      await shoot(page, 'stripe-switch');
      await shootPhone(page, 'stripe-switch');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText("Are you sure? It's go time!").waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Saved', { exact: true }).first().waitFor();
      const key = await env.server.ctx.app.inject({ method: 'GET', url: '/api/platform/stripe-key', headers: owner.headers });
      expect(key.json()).toEqual({ publishableKey: 'pk_test_main' });

      // The owner sees the reason, edits and resubmits.
      page = ownerTab.page;
      await signIn(page, env.server, owner.email);
      // Their only shop: signing in lands on its overview, which says why it was refused.
      await onPath(page, `/shops/${shopId}/overview`);
      await page.getByText('The logo is not the shop logo.').waitFor();
      await page.goto(url('/'));
      const row = page.getByTestId('shop-row').filter({ hasText: 'Bagel Barn' });
      await row.getByText('Rejected').waitFor();
      await row.getByText('The logo is not the shop logo.').waitFor();
      await shoot(page, 'shops-rejected');
      await row.click();
      // The shop opens at New Orders; its overview has the way to resubmit.
      await page.getByRole('menuitem', { name: 'Overview' }).click();
      await page
        .getByRole('button', { name: 'Edit and resubmit' })
        .or(page.getByRole('link', { name: 'Edit and resubmit' }))
        .click();
      await onPath(page, `/shops/${shopId}/edit`);
      await page.getByLabel('Description', { exact: true }).fill('Bagels baked before sunrise');
      await shoot(page, 'shop-edit');
      await shootPhone(page, 'shop-edit');
      await page.getByRole('button', { name: 'Save and resubmit' }).click();
      await page.getByText('Shop saved').waitFor();
      await onPath(page, '/shops');
      await row.getByText('Waiting for review').waitFor();

      // A shop that does not exist, and a shop page only super admins may open.
      await page.goto(url('/shops/00000000-0000-4000-8000-000000000000/edit'));
      await page.getByText('Cannot find shop with id 00000000-0000-4000-8000-000000000000').first().waitFor();
      await page.goto(url(`/shops/${shopId}/transaction_fee`));
      await page.getByText('You are not allowed to do this.').waitFor();
      expect([...ownerTab.errors, ...adminTab.errors]).toEqual([]);
    } catch (error) {
      await shoot(ownerTab.page, 'failure-owner').catch(() => undefined);
      await shoot(adminTab.page, 'failure-admin').catch(() => undefined);
      throw error;
    } finally {
      await Promise.all([ownerTab.context.close(), adminTab.context.close()]);
    }
  });

  it('answers invitation links: missing parts send home, and a reject needs no account', async () => {
    const owner = await createUser(env.server.ctx, { email: uniqueEmail('owner'), name: 'Ivy Inviter' });
    const created = await env.server.ctx.app.inject({
      method: 'POST',
      url: '/api/shops',
      headers: owner.headers,
      payload: await shopBody('Muffin Manor', owner),
    });
    const shopId = created.json().id as string;
    const invitee = uniqueEmail('newcomer');
    const mail = await inviteByApi(env.server, owner, shopId, invitee, 'ADMIN');
    const rejectLink = mail.links.find((l) => l.includes('action=reject'))!;
    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      const link = new URL(rejectLink);
      await page.goto(url(link.pathname + '?token=abc'));
      await page.getByText('Invalid invitation. Cannot find action.').waitFor();
      await onPath(page, '/login');
      await page.goto(url(link.pathname + '?action=accept'));
      await page.getByText('Invalid invitation. Cannot find token.').waitFor();
      await onPath(page, '/login');

      // No account yet: the screen offers to create one, and rejecting works straight away.
      await page.goto(rejectLink);
      await page.getByText('Muffin Manor').first().waitFor();
      await page.getByRole('link', { name: 'Create an account' }).waitFor();
      await shoot(page, 'invitation-reject');
      await shootPhone(page, 'invitation-reject');
      await page.getByRole('button', { name: 'Reject' }).click();
      await page.getByText('Invitation rejected.').waitFor();

      // The link is spent: opening it again shows the server's message.
      await page.goto(rejectLink);
      await page.getByText('This invitation is invalid or has already been used.').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
