import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { createUser, type TestUser } from '../helpers/users';
import { inviteByApi, onPath, signIn, signUp, uploadLogo, useE2eEnvironment } from './steps';

/**
 * a person invited without an account is taken through registration and then the
 * invitation — the invitation's address survives sign-up, the verification mail and sign-in.
 */
describe.skipIf(!hasChromium())('invitation of a newcomer in Chromium', () => {
  const env = useE2eEnvironment();

  /** A shop made through the API, its logo a real upload. */
  async function createShop(owner: TestUser, name: string): Promise<string> {
    const logo = await uploadLogo(env.server, owner, { r: 120, g: 60, b: 30 });
    const created = await env.server.ctx.app.inject({
      method: 'POST',
      url: '/api/shops',
      headers: owner.headers,
      payload: {
        name,
        description: 'Rolls and pastries from dawn',
        locality: 'Carlton',
        logo: { path: logo },
        country: 'AU',
        type: 'CAFE',
        timezone: 'Australia/Melbourne',
      },
    });
    expect(created.statusCode).toBe(201);
    return created.json().id as string;
  }

  it('takes an invited newcomer through sign-up, verification and sign-in back to the invitation', async () => {
    const newcomer = 'newcomer@example.com';
    const owner = await createUser(env.server.ctx, { email: 'croissant-owner@example.com', name: 'Cora Owner' });
    const shopId = await createShop(owner, 'Croissant Corner');
    const invitation = await inviteByApi(env.server, owner, shopId, newcomer, 'USER');
    const acceptLink = invitation.links.find((l) => l.includes('action=accept'));
    expect(acceptLink).toBeDefined();
    const invitationPath = new URL(acceptLink!).pathname + new URL(acceptLink!).search;

    const { context, page, errors } = await newPage(env.browser, DESKTOP);
    try {
      // Signed out, with no account: the invitation screen offers to create one.
      await page.goto(acceptLink!);
      await page.getByText('Croissant Corner').first().waitFor();
      await page.getByText(`Create an account for ${newcomer} to accept this invitation.`).waitFor();
      await page.getByRole('link', { name: 'Create an account' }).click();
      await onPath(page, '/register');
      expect(new URL(page.url()).searchParams.get('next')).toBe(invitationPath);
      // The invited address is filled in for them.
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(newcomer);

      await signUp(page, newcomer, 'Nina Newcomer');
      await page.getByText('Verification Email Sent').waitFor();
      await onPath(page, '/login');

      // The verification link carries the invitation along.
      const verification = await env.server.ctx.mail.waitFor(newcomer, /verify/i);
      const verifyLink = verification.links.find((l) => l.includes('/auth/manage'));
      expect(verifyLink).toBeDefined();
      expect(new URL(verifyLink!).searchParams.get('continuePath')).toBe(invitationPath);
      await page.goto(verifyLink!);
      await page.getByText('Email successfully verified.').first().waitFor();
      await onPath(page, '/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe(invitationPath);

      // Signing in lands back on the invitation, now answerable.
      await signIn(page, env.server, newcomer);
      await onPath(page, /^\/invites\//);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(invitationPath);
      await page.getByText(`Signed in as ${newcomer}.`).waitFor();
      await page.getByRole('button', { name: 'Accept' }).click();
      await page.getByText('Invitation accepted.').waitFor();
      await onPath(page, '/shops');
      await page.getByTestId('shop-row').filter({ hasText: 'Croissant Corner' }).waitFor();

      const sellers = await env.server.ctx.app.inject({ method: 'GET', url: `/api/shops/${shopId}/sellers`, headers: owner.headers });
      expect(sellers.body).toContain(newcomer);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
