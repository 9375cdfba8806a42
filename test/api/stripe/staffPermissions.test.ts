import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStaffPermissions, shopWorld, type ShopWorld } from '../../helpers/shopWorld';
import { simulatedBankToken as bankToken, stripeBase as base, stripeCalls, type StripeCalls } from './support';

/*
 * Money belongs to the owner: staff change the bank account and the payout schedule, and open the provider's account
 * forms, only once an ADMIN grants them that; they see reports and payouts unless an ADMIN takes that away. The
 * account holder's personal details are for ADMINs only, always.
 */
let w: ShopWorld;
let call: StripeCalls['call'];
beforeAll(async () => {
  w = await shopWorld();
  const calls = stripeCalls(w);
  call = calls.call;
  await calls.connectStandard(w.shop.id);
});
afterAll(() => w.ctx.close());

const BANK_DENIED = {
  message: "Your shop's admins have not allowed staff to change the bank account and payout schedule",
  code: 'FORBIDDEN',
};
const REPORTS_DENIED = { message: "Your shop's admins have not allowed staff to see reports and payouts", code: 'FORBIDDEN' };
const bankAccounts = async () => ((await call('GET', `${base(w.shop.id)}/account`, w.owner)).json().external_accounts?.data ?? []).length;

describe('the bank account and payout schedule', () => {
  it('are refused to staff by default with a message naming the permission, changing nothing and mailing no one', async () => {
    const before = await call('GET', `${base(w.shop.id)}/account`, w.owner);
    const accounts = await bankAccounts();
    for (const [path, payload] of [
      [`external_account/${bankToken(['Sam Staff', 'i', '062000', '1111'])}`, undefined],
      ['payout_schedule', { interval: 'weekly', weekly_anchor: 'friday' }],
      ['links/update', undefined],
      ['links/verification', undefined],
    ] as const) {
      const res = await call('POST', `${base(w.shop.id)}/${path}`, w.staff, payload);
      expect({ path, status: res.statusCode, body: res.json() }).toEqual({ path, status: 403, body: BANK_DENIED });
    }
    const after = await call('GET', `${base(w.shop.id)}/account`, w.owner);
    expect(after.json().settings).toEqual(before.json().settings);
    expect(await bankAccounts()).toBe(accounts);
    expect(w.ctx.mail.for(w.owner.email).filter((m) => /bank account|payout schedule/i.test(m.subject))).toEqual([]);
  });

  it('are the owner’s to change, and staff’s once an ADMIN grants them (spec 2 §6)', async () => {
    expect((await call('POST', `${base(w.shop.id)}/payout_schedule`, w.owner, { interval: 'daily' })).statusCode).toBe(200);
    await setStaffPermissions(w.ctx, w.shop.id, w.owner, { bankAccount: true });
    try {
      const bank = await call('POST', `${base(w.shop.id)}/external_account/${bankToken(['Sam Staff', 'i', '062000', '1111'])}`, w.staff);
      expect(bank.statusCode, bank.body).toBe(200);
      const schedule = await call('POST', `${base(w.shop.id)}/payout_schedule`, w.staff, { interval: 'weekly', weekly_anchor: 'friday' });
      expect(schedule.statusCode, schedule.body).toBe(200);
      expect((await call('POST', `${base(w.shop.id)}/links/update`, w.staff)).statusCode).toBe(200);
    } finally {
      await setStaffPermissions(w.ctx, w.shop.id, w.owner, {});
    }
  });
});

describe('payouts, balance and the account', () => {
  it('staff see them by default, and not once an ADMIN turns reports off', async () => {
    for (const path of ['account', 'payouts', 'balance', 'balance_transactions'])
      expect({ path, status: (await call('GET', `${base(w.shop.id)}/${path}`, w.staff)).statusCode }).toEqual({ path, status: 200 });
    await setStaffPermissions(w.ctx, w.shop.id, w.owner, { reports: false });
    try {
      for (const path of ['account', 'payouts', 'balance', 'balance_transactions']) {
        const res = await call('GET', `${base(w.shop.id)}/${path}`, w.staff);
        expect({ path, status: res.statusCode, body: res.json() }).toEqual({ path, status: 403, body: REPORTS_DENIED });
      }
      // Whether the shop takes card payments stays visible to everyone who takes orders.
      expect((await call('GET', `${base(w.shop.id)}/active_account`, w.staff)).statusCode).toBe(200);
    } finally {
      await setStaffPermissions(w.ctx, w.shop.id, w.owner, {});
    }
  });
});

describe("the account holder's personal details", () => {
  it('reach ADMINs only: staff get the holder’s name but no date of birth, address, contact or identity check', async () => {
    const asOwner = (await call('GET', `${base(w.shop.id)}/account`, w.owner)).json();
    expect(asOwner.individual).toMatchObject({ first_name: 'Jenny', last_name: 'Rosen', dob: { day: 1, month: 1, year: 1990 } });
    expect(asOwner.individual.address.line1).toBe('1 Simulated Street');
    // Granting staff every permission does not change this.
    await setStaffPermissions(w.ctx, w.shop.id, w.owner, { catalog: true, posts: true, reports: true, bankAccount: true });
    try {
      const res = await call('GET', `${base(w.shop.id)}/account`, w.staff);
      expect(res.statusCode).toBe(200);
      expect(res.json().individual).toEqual({ first_name: 'Jenny', last_name: 'Rosen' });
      for (const secret of ['1990', 'Simulated Street', '"dob"', '"verification"']) expect(res.body).not.toContain(secret);
      expect((await call('GET', `${base(w.shop.id)}/account`, w.superAdmin)).json().individual).toEqual(asOwner.individual);
    } finally {
      await setStaffPermissions(w.ctx, w.shop.id, w.owner, {});
    }
  });
});
