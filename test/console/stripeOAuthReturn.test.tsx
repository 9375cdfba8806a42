import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { StripeAccountPage } from '../../resources/stripe/StripeAccountPage';
import type { ActiveAccount } from '../../domain/stripe';
import type { Shop } from '../../domain/shop';

/*
 * Back from Stripe's OAuth page (?code&state), the page finishes connecting (POST …/authorize/return) and shows the
 * account. The shop's active account must be read after that POST, not alongside it: a read answered with the state
 * from before the POST committed left the page on 'Connect a Stripe account' (react-query does not cancel a first
 * fetch still in flight when the finish invalidates it), seen as a flaky e2e journey.
 */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
const none: ActiveAccount = { accountId: null, mode: null, connectMode: 'standard', provider: 'simulated' };
const connected: ActiveAccount = { accountId: 'acct_sim_123', mode: 'standard', connectMode: 'standard', provider: 'simulated' };

afterEach(cleanup);

describe('Stripe account page, back from OAuth', () => {
  it('reads the active account only once connecting has finished, and then shows the account', async () => {
    let stored = false;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const reads: boolean[] = [];
    const dataProvider = {
      ...testDataProvider(),
      // As the server answers: what was stored when the read ran, answered once the POST is done (the race).
      stripeActiveAccount: async () => {
        const seen = stored;
        reads.push(seen);
        await finished;
        return seen ? connected : none;
      },
      stripeAuthorizeReturn: async (_shopId: string, body: { code: string; state: string }) => {
        expect(body).toEqual({ code: 'sim_code_1', state: 'signed-state' });
        await new Promise((r) => setTimeout(r, 30));
        stored = true;
        setTimeout(finish, 10);
        return connected;
      },
      stripeAccount: () => new Promise(() => undefined),
      getStripeKey: async () => ({ publishableKey: '' }),
    } as unknown as DataProvider;
    renderInShop(<StripeAccountPage />, {
      shop,
      role: 'ADMIN',
      dataProvider,
      path: '/shops/shop-1/payments/stripe?code=sim_code_1&state=signed-state',
    });
    await screen.findByText(/acct_sim_123/, {}, { timeout: 3000 });
    expect(screen.queryByText('Connect a Stripe account')).toBeNull();
    expect(reads.every(Boolean)).toBe(true);
  });

  it('shows the Connect page when there is nothing to finish', async () => {
    const dataProvider = { ...testDataProvider(), stripeActiveAccount: async () => none } as unknown as DataProvider;
    renderInShop(<StripeAccountPage />, { shop, role: 'ADMIN', dataProvider, path: '/shops/shop-1/payments/stripe' });
    await screen.findByText('Connect a Stripe account');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Connect with Stripe' })).toBeTruthy());
  });
});
