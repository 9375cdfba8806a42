import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../helpers/renderInShop';
import { StripePayoutsPage } from '../../resources/stripe/StripePayoutsPage';
import type { Shop } from '../../domain/shop';

/** The Payouts page's words: the pending balance beside the charges it is the sum of, and the next payout. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;
const DAY = 86_400;
const payout = {
  id: 'po_1',
  amount: 3550,
  currency: 'aud',
  description: 'STRIPE PAYOUT',
  created: 1_800_000_000,
  arrival_date: 1_800_000_000,
  status: 'paid',
};
const charges = [
  {
    id: 'txn_a',
    amount: 1000,
    currency: 'aud',
    type: 'charge',
    description: 'Order from Ava',
    created: 1_800_000_000 + DAY,
    status: 'pending',
  },
  {
    id: 'txn_b',
    amount: 2550,
    currency: 'aud',
    type: 'charge',
    description: 'Order from Liam',
    created: 1_800_000_000 + DAY,
    status: 'pending',
  },
];

function renderPage(balance: object) {
  const api = {
    stripeBalance: async () => balance,
    stripePayouts: async () => ({ data: [payout], has_more: false }),
    stripeBalanceTransactions: async () => ({ data: charges, has_more: false }),
  };
  renderInShop(<StripePayoutsPage />, { shop, dataProvider: { ...testDataProvider(), ...api } as DataProvider });
}

afterEach(cleanup);

describe('the Payouts page', () => {
  it('shows the pending balance as the sum of the pending charges listed below, and the next payout with its amount', async () => {
    renderPage({
      available: [{ amount: 0, currency: 'aud' }],
      pending: [{ amount: 3550, currency: 'aud' }],
      pending_charges: { count: 2, amount: 3550 },
      next_payout: { date: '2027-02-01', amount: 3550 },
    });
    expect((await screen.findByTestId('balance-pending-charges', undefined, { timeout: 5000 })).textContent).toBe(
      'The sum of 2 card payments not yet available',
    );
    expect(screen.getByTestId('balance-pending').textContent).toBe('$35.50');
    expect(screen.getByTestId('balance-next').textContent).toBe('$35.50On Mon, Feb 1st 2027');
    // The activity's pending rows add up to it.
    const amounts = (await screen.findAllByTestId('activity-amount')).map((a) => a.textContent);
    expect(amounts).toEqual(['$10.00', '$25.50']);
  });

  it('says when Stripe cannot tell the amount yet, and when nothing is scheduled', async () => {
    renderPage({
      available: [{ amount: 120, currency: 'aud' }],
      pending: [{ amount: 0, currency: 'aud' }],
      next_payout: { date: '2027-02-05', amount: null },
    });
    expect((await screen.findByTestId('balance-next', undefined, { timeout: 5000 })).textContent).toBe(
      'On Fri, Feb 5th 2027Stripe pays what is available by then; it says the amount when it makes the payout.',
    );
    expect(screen.queryByTestId('balance-pending-charges')).toBeNull();
    cleanup();
    renderPage({ available: [{ amount: 0, currency: 'aud' }], pending: [{ amount: 0, currency: 'aud' }], next_payout: null });
    expect((await screen.findByTestId('balance-next', undefined, { timeout: 5000 })).textContent).toBe(
      'None scheduled: payouts are not enabled or are made by hand.',
    );
  });
});
