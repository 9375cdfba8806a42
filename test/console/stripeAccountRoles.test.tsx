import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { StripeAccountPage } from '../../resources/stripe/StripeAccountPage';
import type { ActiveAccount, StripeAccount } from '../../domain/stripe';
import type { Shop } from '../../domain/shop';
import { defaultStaffPermissions } from '../../domain/staffPermissions';

/*
 * Connect and Disconnect choose where the shop's card payments go: the server refuses them to staff (USER), so the
 * page offers them to admins only and tells staff why. Staff keep the rest of the page (spec 2 §6) once the shop's
 * admins grant them the bank account and payout schedule; without that grant (the default) they only look.
 */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
const none: ActiveAccount = { accountId: null, mode: null, connectMode: 'standard', provider: 'simulated' };
const connected: ActiveAccount = { accountId: 'acct_sim_123', mode: 'standard', connectMode: 'standard', provider: 'simulated' };
const account = {
  id: 'acct_sim_123',
  displayName: 'Harbour Beans',
  mode: 'standard',
  charges_enabled: true,
  payouts_enabled: true,
  requirements: { past_due: [], currently_due: [], eventually_due: [] },
  settings: { payouts: { schedule: { interval: 'daily', delay_days: 2 } } },
  external_accounts: { data: [] },
} as unknown as StripeAccount;
const HINT = 'Only an admin of this shop can connect or disconnect its Stripe account.';

const provider = (active: ActiveAccount) =>
  ({
    ...testDataProvider(),
    stripeActiveAccount: async () => active,
    stripeAccount: async () => account,
    getStripeKey: async () => ({ publishableKey: 'pk_test_x' }),
  }) as unknown as DataProvider;
const granted = { ...shop, permissions: { ...defaultStaffPermissions, bankAccount: true } };
const open = (role: 'USER' | 'ADMIN', active: ActiveAccount, at: Shop = shop) =>
  renderInShop(<StripeAccountPage />, { shop: at, role, dataProvider: provider(active), path: '/shops/shop-1/payments/stripe' });

afterEach(cleanup);

describe('Stripe account page by role', () => {
  it('does not offer Connect to staff, and says who can', async () => {
    open('USER', none);
    await screen.findByText('Connect a Stripe account');
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect with Stripe' })).toBeNull();
  });

  it('offers Connect to admins', async () => {
    open('ADMIN', none);
    await screen.findByRole('button', { name: 'Connect with Stripe' });
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('does not offer Disconnect to staff, who keep the account, its links and the bank account and payout schedule', async () => {
    open('USER', connected, granted);
    await screen.findByRole('button', { name: 'Update Bank Account and Payout Schedule' });
    for (const name of ['Update Account', 'Verify Account']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(screen.getByText(HINT)).toBeTruthy();
  });

  it('shows staff without the bank account permission the account, but none of the ways to change it', async () => {
    open('USER', connected);
    await screen.findByTestId('payout-schedule');
    for (const name of ['Update Account', 'Verify Account', 'Update Bank Account and Payout Schedule', 'Disconnect'])
      expect(screen.queryByRole('button', { name }), name).toBeNull();
  });

  it('offers Disconnect to admins', async () => {
    open('ADMIN', connected);
    await screen.findByRole('button', { name: 'Disconnect' });
    expect(screen.queryByText(HINT)).toBeNull();
  });
});
