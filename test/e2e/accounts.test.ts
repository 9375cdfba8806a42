import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, newPage, settled } from '../helpers/browser';
import { createUser, PASSWORD } from '../helpers/users';
import { onPath, signIn, signUp, uniqueEmail, useE2eEnvironment } from './steps';

/** The account journeys in a real browser against the real server (spec 1 §2, §5, §8; spec 3 §2.1). */
describe.skipIf(!hasChromium())('account journeys in Chromium', () => {
  const env = useE2eEnvironment();

  const url = (path: string) => `${env.server.baseUrl}${path}`;

  async function register(page: Page, email: string, name: string) {
    await page.goto(url('/register'));
    await signUp(page, email, name);
  }

  it('registers, verifies the e-mail from the mailed link, signs in, shows the user in the header and signs out', async () => {
    const { context, page, errors } = await newPage(env.browser);
    const email = uniqueEmail('ada');
    await register(page, email, 'Ada Lovelace');
    await page.getByText('Verification Email Sent').waitFor();
    await onPath(page, '/login');
    // The sign-in form starts with the address just registered, and again after verifying.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);

    const mail = await env.server.ctx.mail.waitFor(email, /verify/i);
    const link = mail.links.find((l) => l.includes('/auth/manage'));
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByText('Email successfully verified.').first().waitFor();
    await onPath(page, '/login');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);

    await signIn(page, env.server, email);
    await onPath(page, '/');
    await page.getByTestId('user-name').waitFor();
    expect(await page.getByTestId('user-name').textContent()).toBe('Ada Lovelace');
    expect(await page.getByTestId('user-email').textContent()).toBe(email);
    expect(await page.getByTestId('user-initials').textContent()).toBe('AL');
    await expect(page.getByText(`© ${new Date().getFullYear()} Servery`)).toBeTruthy();

    // A reload keeps the session (refresh cookie), then Logout ends it on the server too.
    await page.reload();
    await page.getByTestId('user-name').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await onPath(page, '/login');
    await page.goto(url('/'));
    await onPath(page, '/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the session when two tabs reload at the same instant (refreshes are serialised across tabs)', async () => {
    const { context, page, errors } = await newPage(env.browser);
    const user = await createUser(env.server.ctx, { email: uniqueEmail('tabs'), name: 'Two Tabs' });
    await page.goto(url('/login'));
    await signIn(page, env.server, user.email);
    await page.getByTestId('user-name').waitFor();
    const second = await context.newPage();
    await second.goto(url('/'));
    await second.getByTestId('user-name').waitFor();

    // Each reload refreshes from the shared cookie; sent together, the second would present a replaced token.
    for (let round = 0; round < 3; round++) {
      await Promise.all([page.reload(), second.reload()]);
      await Promise.all([page.getByTestId('user-name').waitFor(), second.getByTestId('user-name').waitFor()]);
    }
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(second.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    const { context, page } = await newPage(env.browser);
    const user = await createUser(env.server.ctx, { email: uniqueEmail('grace'), name: 'Grace Hopper' });
    await page.goto(url('/reset'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Please enter your email').first().waitFor();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Password Reset Email sent').waitFor();
    await onPath(page, '/login');

    const mail = await env.server.ctx.mail.waitFor(user.email, /password/i);
    await page.goto(mail.links.find((l) => l.includes('/auth/manage'))!);
    const newPassword = 'a brand new secret';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill('a brand new secreX');
    await page.getByText('Password did not match!').waitFor();
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Password updated.').waitFor();
    await onPath(page, '/login');

    await signIn(page, env.server, user.email, PASSWORD);
    await page.getByText('The password is invalid.').first().waitFor();
    // Said once, inline above the form: no toast repeats it (a toast of this failure would be on the page once its
    // render and effects are through).
    await settled(page);
    expect(await page.getByText('The password is invalid.').count()).toBe(1);
    await signIn(page, env.server, user.email, newPassword);
    await onPath(page, '/');
    expect(await page.getByTestId('user-name').textContent()).toBe('Grace Hopper');

    // The link is single-use: opening it again reports the problem inline.
    await page.goto(mail.links.find((l) => l.includes('/auth/manage'))!);
    await page.getByRole('alert').first().waitFor();
    expect(await page.getByRole('button', { name: 'Save password' }).count()).toBe(0);
    await context.close();
  });

  it('keeps an unverified user at the Email Not Verified gate, resends the mail, and lets them in once verified', async () => {
    const { context, page } = await newPage(env.browser);
    const email = uniqueEmail('alan');
    await register(page, email, 'Alan Turing');
    await onPath(page, '/login');
    await env.server.ctx.mail.waitFor(email, /verify/i);

    await signIn(page, env.server, email);
    await page.getByText('Email Not Verified').waitFor();
    expect(await page.getByTestId('user-name').count()).toBe(0);
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await page.getByText('Verification Email Sent').waitFor();
    await expect.poll(() => env.server.ctx.mail.for(email).length, { timeout: 10_000 }).toBe(2);

    // Verifying while signed in goes straight into the console.
    await page.goto(
      env.server.ctx.mail
        .for(email)
        .at(-1)!
        .links.find((l) => l.includes('/auth/manage'))!,
    );
    await page.getByText('Email successfully verified.').first().waitFor();
    await onPath(page, '/');
    await page.getByTestId('user-name').waitFor();
    expect(await page.getByText('Email Not Verified').count()).toBe(0);

    // The gate's Logout works too.
    await page.getByRole('button', { name: 'Logout' }).click();
    await onPath(page, '/login');
    await context.close();
  });

  it('moves on from the Email Not Verified gate by itself once the e-mail is verified in another tab', async () => {
    const { context, page } = await newPage(env.browser);
    const email = uniqueEmail('grace');
    await register(page, email, 'Grace Hopper');
    await onPath(page, '/login');
    const mail = await env.server.ctx.mail.waitFor(email, /verify/i);
    await signIn(page, env.server, email);
    await page.getByText('Email Not Verified').waitFor();

    // The link is opened in another tab; the gate's tab is neither reloaded nor focused again.
    const other = await context.newPage();
    await other.goto(mail.links.find((l) => l.includes('/auth/manage'))!);
    await other.getByText('Email successfully verified.').first().waitFor();
    await page.getByTestId('user-name').waitFor({ timeout: 20_000 });
    expect(await page.getByText('Email Not Verified').count()).toBe(0);
    await context.close();
  });

  it("shows 'Already Logged In' on /login when signed in, then goes home", async () => {
    const { context, page } = await newPage(env.browser);
    const user = await createUser(env.server.ctx, { email: uniqueEmail('linus'), name: 'Linus' });
    await signIn(page, env.server, user.email);
    await onPath(page, '/');
    await page.getByTestId('user-name').waitFor();
    await page.goto(url('/login'));
    await page.getByText('Already Logged In').waitFor();
    await page.getByRole('button', { name: 'Go Home' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await onPath(page, '/');
    await page.getByTestId('user-name').waitFor();

    // Logout from that screen shows the sign-in form instead.
    await page.goto(url('/login'));
    await page.getByText('Already Logged In').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('sends unknown e-mails to sign-up and known ones from sign-up to sign-in, with the spec notices', async () => {
    const { context, page } = await newPage(env.browser);
    await signIn(page, env.server, uniqueEmail('nobody'));
    await page.getByText('Email not registered - The given email is not registered. Please sign-up.').waitFor();
    await onPath(page, '/register');

    const existing = await createUser(env.server.ctx, { email: uniqueEmail('taken') });
    await register(page, existing.email, 'Someone Else');
    await page.getByText('Email already registered').waitFor();
    await onPath(page, '/login');
    await context.close();
  });

  it('checks the registration form as the spec says', async () => {
    const { context, page } = await newPage(env.browser);
    await page.goto(url('/register'));
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('shor');
    await page.getByText('Password did not match!').waitFor();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Re-enter passwords').waitFor();
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Confirm password', { exact: true }).inputValue()).toBe('');

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('long enough');
    await page.getByLabel('Confirm password', { exact: true }).fill('long enough');
    await page.getByLabel('Name', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Invalid form').waitFor();
    await page.getByText('The email entered is invalid').waitFor();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Please review and accept the agreement.').waitFor();
    await context.close();
  });

  it('returns to the page asked for (?next=) after signing in, and refuses other sites', async () => {
    const { context, page } = await newPage(env.browser);
    const user = await createUser(env.server.ctx, { email: uniqueEmail('next') });
    await page.goto(url('/no/such/page'));
    await onPath(page, '/login');
    await signIn(page, env.server, user.email);
    await onPath(page, '/no/such/page');
    await page.getByText('No match').first().waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await onPath(page, '/login');
    await page.goto(url('/login?next=//evil.example.com/x'));
    await signIn(page, env.server, user.email);
    await onPath(page, '/');
    await context.close();
  });

  it('reports a missing action code and an unknown mode on the e-mail action page', async () => {
    const { context, page } = await newPage(env.browser);
    await page.goto(url('/auth/manage?mode=verifyEmail'));
    await page.getByText('Cannot find action code.').waitFor();
    await page.goto(url('/auth/manage?mode=somethingElse&oobCode=abc'));
    await page.getByText('Unknown mode').waitFor();
    await context.close();
  });
});
