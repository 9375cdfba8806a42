import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { createUser, login, PASSWORD, type TestUser } from '../../helpers/users';
import type { CapturedMail } from '../../helpers/mail';
import { formatDateTime } from '../../../domain/dates';
import { buildApp } from '../../../server/app';
import { connectLike } from '../../helpers/app';
import { createServices } from '../../../server/infra/services';
import { simulatedBankToken as bankToken, stripeBase as base, stripeCalls, type StripeCalls } from './support';
import { addSeller, createShop, setStaffPermissions } from '../../helpers/shopWorld';
import { jobsDone } from '../../helpers/jobs';

/*
 * Who may choose where the shop's card revenue goes. Connecting, finishing a connection and disconnecting are for
 * the shop's ADMINs (and super admins); staff (USER) keep the day-to-day care the spec gives them. Each OAuth state
 * and each simulated authorization code works once, and every change of the connected account, its bank account or
 * its payout schedule is mailed to the shop's admins, so a change made by staff is seen.
 */
let w: ShopWorld;
let coAdmin: TestUser;
let call: StripeCalls['call'];
let simulatedOAuth: StripeCalls['simulatedOAuth'];
let connectStandard: StripeCalls['connectStandard'];
const FORBIDDEN = { message: 'You are not allowed to do this.', code: 'FORBIDDEN' };
const STATE_USED = { message: 'This Stripe link has already been used. Start again from the account page.', code: 'STRIPE_STATE_USED' };

beforeAll(async () => {
  w = await shopWorld();
  coAdmin = await createUser(w.ctx, { email: 'coadmin@example.com', name: 'Cora Admin' });
  await addSeller(w.ctx, w.shop.id, coAdmin, 'ADMIN');
  ({ call, simulatedOAuth, connectStandard } = stripeCalls(w));
  // The shop starts connected: staff have an account to look after (and to try to disconnect). Its owner has granted
  // staff the bank account and payout schedule, the rights spec 2 §6 gives them (staffPermissions.test.ts: the default).
  await connectStandard(w.shop.id);
  await setStaffPermissions(w.ctx, w.shop.id, w.owner, { bankAccount: true });
});
afterAll(() => w.ctx.close());

const activeAccount = async (shopId: string) =>
  (await call('GET', `${base(shopId)}/active_account`, w.owner)).json().accountId as string | null;
const accountRows = async (shopId: string) =>
  (await w.ctx.pool.query('SELECT account_id, status FROM stripe_accounts WHERE shop_id = $1', [shopId])).rows;

/** The mail to `to` with this subject that mentions `mentions`, once it has come (mails go after the answer). */
async function mailTo(to: string, subject: string, mentions: string): Promise<CapturedMail> {
  const found = () => w.ctx.mail.for(to).find((m) => m.subject === subject && m.text.includes(mentions));
  await expect.poll(() => Boolean(found()), { timeout: 10_000 }).toBe(true);
  return found()!;
}

describe('connecting, finishing a connection and disconnecting need ADMIN', () => {
  it('refuses staff with 403 on each, changing nothing', async () => {
    const accountId = await activeAccount(w.shop.id);
    // A grant the owner got but has not used yet: staff cannot finish with it either.
    const pending = await simulatedOAuth(w.shop.id);
    for (const [method, path, payload] of [
      ['POST', 'authorize/url', undefined],
      ['POST', 'authorize/return', pending],
      ['DELETE', 'account', undefined],
    ] as const) {
      const res = await call(method, `${base(w.shop.id)}/${path}`, w.staff, payload);
      expect({ path, status: res.statusCode, body: res.json() }).toEqual({ path, status: 403, body: FORBIDDEN });
    }
    expect(await activeAccount(w.shop.id)).toBe(accountId);
    expect(await accountRows(w.shop.id)).toEqual([{ account_id: accountId, status: 'active' }]);
    // The refusals spent nothing: the owner can still finish with that grant.
    const done = await call('POST', `${base(w.shop.id)}/authorize/return`, w.owner, pending);
    expect(done.statusCode).toBe(200);
    expect(await activeAccount(w.shop.id)).toBe(done.json().accountId);
  });

  it('keeps the staff rights of the spec once granted: the account, its links, bank account, payout schedule, payouts and balance', async () => {
    expect((await call('GET', `${base(w.shop.id)}/account`, w.staff)).statusCode).toBe(200);
    expect((await call('POST', `${base(w.shop.id)}/links/update`, w.staff)).statusCode).toBe(200);
    expect((await call('POST', `${base(w.shop.id)}/links/verification`, w.staff)).statusCode).toBe(200);
    expect(
      (await call('POST', `${base(w.shop.id)}/external_account/${bankToken(['Sam Staff', 'i', '062000', '1111'])}`, w.staff)).statusCode,
    ).toBe(200);
    expect((await call('POST', `${base(w.shop.id)}/payout_schedule`, w.staff, { interval: 'daily' })).statusCode).toBe(200);
    expect((await call('GET', `${base(w.shop.id)}/payouts`, w.staff)).statusCode).toBe(200);
    expect((await call('GET', `${base(w.shop.id)}/balance`, w.staff)).statusCode).toBe(200);
  });
});

describe('the OAuth state and the simulated code work once', () => {
  it('refuses a replay of a finished return, and the spent simulated code with a fresh state', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Replay Cafe' });
    const grant = await simulatedOAuth(shop.id);
    const done = await call('POST', `${base(shop.id)}/authorize/return`, w.owner, grant);
    expect(done.statusCode).toBe(200);
    const replay = await call('POST', `${base(shop.id)}/authorize/return`, w.owner, grant);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(STATE_USED);
    // The code alone, under a state that was never used: the provider has spent it too.
    const started = await call('POST', `${base(shop.id)}/authorize/url`, w.owner);
    const state = new URL(started.json().url).searchParams.get('state')!;
    const reused = await call('POST', `${base(shop.id)}/authorize/return`, w.owner, { code: grant.code, state });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      message: 'This authorization code has already been used. All tokens issued with this code have been revoked.',
      code: 'STRIPE_INVALID_GRANT',
    });
    expect(await accountRows(shop.id)).toEqual([{ account_id: done.json().accountId, status: 'active' }]);
  });

  it('lets one of several simultaneous returns with the same state finish', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Race Cafe' });
    const grant = await simulatedOAuth(shop.id);
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `${base(shop.id)}/authorize/return`, w.owner, grant)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((a) => a.statusCode === 400).map((a) => a.json())).toEqual([STATE_USED, STATE_USED]);
    expect(await accountRows(shop.id)).toHaveLength(1);
  });

  it('keeps the spending in PostgreSQL: another server process on the same database refuses the replay', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Two Process Cafe' });
    const database = connectLike(w.ctx.config, 2);
    const services = await createServices(w.ctx.config, database, { log: () => undefined, clock: w.ctx.clock });
    const second = await buildApp({ services, serveConsole: false, logger: false });
    try {
      await second.ready();
      const grant = await simulatedOAuth(shop.id);
      expect((await call('POST', `${base(shop.id)}/authorize/return`, w.owner, grant)).statusCode).toBe(200);
      const replay = await second.inject({
        method: 'POST',
        url: `${base(shop.id)}/authorize/return`,
        headers: w.owner.headers,
        payload: grant,
      });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual(STATE_USED);
    } finally {
      await second.close();
      await database.pool.end();
      services.mailer.close?.();
    }
  });

  it('refuses an expired simulated code and an expired state, and forgets spent states once they have expired', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Slow Cafe' });
    const finish = (grant: { code: string; state: string }, user: TestUser = w.owner) =>
      call('POST', `${base(shop.id)}/authorize/return`, user, grant);
    const spentStates = async () =>
      (await w.ctx.pool.query(`SELECT count(*)::int AS n FROM stripe_oauth_tokens WHERE shop_id = $1 AND kind = 'state'`, [shop.id]))
        .rows[0].n;
    try {
      expect((await finish(await simulatedOAuth(shop.id))).statusCode).toBe(200);
      const grant = await simulatedOAuth(shop.id);
      w.ctx.clock.advance(6 * 60_000);
      const late = await finish(grant);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ message: `Authorization code expired: ${grant.code}`, code: 'STRIPE_INVALID_GRANT' });
      expect(await spentStates()).toBe(2);
      const fresh = await simulatedOAuth(shop.id);
      w.ctx.clock.advance(31 * 60_000);
      // The access token does not last that long: the owner signs in again.
      const owner = { ...w.owner, ...(await login(w.ctx, w.owner.email, PASSWORD)) };
      const expired = await finish(fresh, owner);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({
        message: 'This Stripe link has expired or is not for this shop and user. Start again from the account page.',
        code: 'STRIPE_STATE_MISMATCH',
      });
      // The two states spent half an hour ago can no longer be used anyway: the next spending forgets them.
      expect((await finish(await simulatedOAuth(shop.id, owner), owner)).statusCode).toBe(200);
      expect(await spentStates()).toBe(1);
    } finally {
      w.ctx.clock.reset();
    }
  });
});

describe('changes are mailed to every admin of the shop', () => {
  const admins = () => [w.owner, coAdmin];
  /** The shop's wall clock (Australia/Sydney) around a call: the mail's time is one of these. */
  const around = async <T>(fn: () => Promise<T>) => {
    const before = formatDateTime(w.ctx.clock.now(), 'Australia/Sydney');
    const result = await fn();
    return { result, times: [before, formatDateTime(w.ctx.clock.now(), 'Australia/Sydney')] };
  };
  const expectWhen = (mail: CapturedMail, times: string[]) => {
    expect(
      times.some((t) => mail.text.includes(`${t} (Sydney time)`)),
      mail.text,
    ).toBe(true);
  };

  it('a staff member changing the bank account: who, what (last 4 digits only) and when, to each admin', async () => {
    // The account number and routing number stay out of the mail, even when a token carries more than the last 4.
    const token = bankToken(['Sam Staff', 'i', '062000', '000123454321']);
    const { result: res, times } = await around(() => call('POST', `${base(w.shop.id)}/external_account/${token}`, w.staff));
    expect(res.statusCode).toBe(200);
    for (const admin of admins()) {
      const mail = await mailTo(admin.email, 'Stripe bank account changed at Staffed Cafe', '4321');
      expect(mail.text).toContain(
        'Sam Staff (staff@example.com) changed the bank account that the Stripe payouts of Staffed Cafe go to. It is now the account ending in 4321.',
      );
      expectWhen(mail, times);
      expect(mail.links).toContain(`${w.ctx.config.publicUrl}/shops/${w.shop.id}/payments/stripe`);
      for (const secret of ['000123454321', '123454321', '062000']) {
        expect(mail.text).not.toContain(secret);
        expect(mail.html).not.toContain(secret);
      }
    }
    expect(w.ctx.mail.for(w.staff.email)).toEqual([]);
  });

  it('a staff member changing the payout schedule names the new schedule', async () => {
    const { result: res, times } = await around(() =>
      call('POST', `${base(w.shop.id)}/payout_schedule`, w.staff, { interval: 'weekly', weekly_anchor: 'friday' }),
    );
    expect(res.statusCode).toBe(200);
    for (const admin of admins()) {
      const mail = await mailTo(admin.email, 'Stripe payout schedule changed at Staffed Cafe', 'Fridays');
      expect(mail.text).toContain(
        'Sam Staff (staff@example.com) changed the Stripe payout schedule of Staffed Cafe to weekly, on Fridays.',
      );
      expectWhen(mail, times);
    }
    const monthly = await call('POST', `${base(w.shop.id)}/payout_schedule`, w.staff, { interval: 'monthly', monthly_anchor: 31 });
    expect(monthly.statusCode).toBe(200);
    await mailTo(w.owner.email, 'Stripe payout schedule changed at Staffed Cafe', 'to monthly, on day 31.');
  });

  it('an admin connecting and disconnecting: each admin (the one who did it too) is told which account', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Mailed Cafe' });
    await addSeller(w.ctx, shop.id, coAdmin, 'ADMIN');
    await addSeller(w.ctx, shop.id, w.staff, 'USER');
    const { result: accountId, times } = await around(() => connectStandard(shop.id, coAdmin));
    for (const admin of admins()) {
      const mail = await mailTo(admin.email, 'Stripe account connected to Mailed Cafe', accountId);
      expect(mail.text).toContain(
        `Cora Admin (coadmin@example.com) connected the Stripe account ${accountId} to Mailed Cafe. Card payments of the shop now go to this account.`,
      );
      expectWhen(mail, times);
    }
    const off = await call('DELETE', `${base(shop.id)}/account`, w.owner);
    expect(off.statusCode).toBe(200);
    for (const admin of admins()) {
      const mail = await mailTo(admin.email, 'Stripe account disconnected from Mailed Cafe', accountId);
      expect(mail.text).toContain(`Olive Owner (owner@example.com) disconnected the Stripe account ${accountId} from Mailed Cafe.`);
    }
    expect(w.ctx.mail.for(w.staff.email)).toEqual([]);
  });

  it('a super admin archiving the account: the admins are told the old and the new account', async () => {
    const shop = await createShop(w.ctx, w.owner, { name: 'Archived Cafe' });
    const old = await connectStandard(shop.id);
    const res = await call('POST', `${base(shop.id)}/archive`, w.superAdmin);
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(w.owner.email, 'Stripe account archived at Archived Cafe', old);
    expect(mail.text).toContain(
      `Sue Super (root@example.com) archived the Stripe account ${old} of Archived Cafe and made the new account ${res.json().accountId} the shop's account.`,
    );
  });

  it('in unified mode, Connect creating the platform account is mailed too', async () => {
    const remote = (on: boolean) =>
      w.ctx.app.inject({
        method: 'PUT',
        url: '/api/platform/remote-config',
        headers: w.superAdmin.headers,
        payload: { switchToCustomConnect: on, stripePk: 'pk_test_x' },
      });
    await remote(true);
    try {
      const shop = await createShop(w.ctx, w.owner, { name: 'Unified Mail Cafe' });
      expect((await call('POST', `${base(shop.id)}/authorize/url`, w.owner)).statusCode).toBe(200);
      const accountId = await activeAccount(shop.id);
      const mail = await mailTo(w.owner.email, 'Stripe account created for Unified Mail Cafe', accountId!);
      expect(mail.text).toContain(
        `Olive Owner (owner@example.com) created the Stripe account ${accountId} for Unified Mail Cafe. Card payments of the shop now go to this account`,
      );
      // Asking for the onboarding link again changes nothing, and mails nothing.
      expect((await call('POST', `${base(shop.id)}/authorize/url`, w.owner)).statusCode).toBe(200);
      // A mail about it would have been queued after the answer and sent by the queue by now.
      await w.ctx.services.background.drain();
      await jobsDone(w.ctx, ['mail']);
      expect(w.ctx.mail.for(w.owner.email).filter((m) => m.subject.includes('Unified Mail Cafe'))).toHaveLength(1);
    } finally {
      await remote(false);
    }
  });
});
