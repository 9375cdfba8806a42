import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { testDataProvider, type DataProvider } from 'react-admin';
import { renderInShop } from '../../helpers/renderInShop';
import { PaymentsPage } from '../../../resources/reports/PaymentsPage';
import { shop } from './fixtures';

/** The Payments page: the set-up in one place, from the same calls the account pages make. */
const DAY = 86_400;
function renderPage(api: Record<string, (...args: never[]) => Promise<unknown>>) {
  renderInShop(<PaymentsPage />, { shop, dataProvider: { ...testDataProvider(), ...api } as DataProvider });
}

afterEach(cleanup);

describe('the Payments page', () => {
  it('shows the connection, what is enabled, what is due, the balance and the next payout, with the links', async () => {
    renderPage({
      paymentsActiveAccount: async () => ({ accountId: 'acct_1', mode: 'custom', connectMode: 'custom', provider: 'simulated' }),
      paymentsAccount: async () => ({
        id: 'acct_1',
        displayName: 'Harbour Beans',
        mode: 'custom',
        charges_enabled: true,
        payouts_enabled: false,
        requirements: { currently_due: ['external_account', 'individual.dob.day'] },
      }),
      paymentsBalance: async () => ({ available: [{ amount: 12345, currency: 'aud' }], pending: [{ amount: 500, currency: 'aud' }] }),
      paymentsUpcomingPayouts: async () => ({
        data: [
          {
            id: 'po_2',
            amount: 9000,
            currency: 'aud',
            description: null,
            created: 0,
            arrival_date: 1_800_000_000 + 2 * DAY,
            status: 'pending',
          },
          { id: 'po_1', amount: 4000, currency: 'aud', description: null, created: 0, arrival_date: 1_800_000_000, status: 'in_transit' },
          { id: 'po_0', amount: 1000, currency: 'aud', description: null, created: 0, arrival_date: 1_700_000_000, status: 'paid' },
        ],
        has_more: false,
      }),
    });
    expect((await screen.findByTestId('payments-connection', undefined, { timeout: 5000 })).textContent).toBe('Connected (Custom)');
    expect(screen.getByTestId('payments-provider').textContent).toBe('StripeSimulated: this server has no Stripe keys');
    expect((await screen.findByTestId('payments-charges')).textContent).toBe('Enabled');
    expect(screen.getByTestId('payments-payouts').textContent).toBe('Not enabled');
    await screen.findByText('$123.45');
    expect(screen.getByTestId('payments-pending').textContent).toBe('$5.00');
    expect(await screen.findByText(/^\$40\.00 on /)).toBeTruthy();
    const due = screen.getByTestId('payments-requirements');
    expect(due.textContent).toContain('Bank account');
    expect(due.textContent).toContain('Representative: date of birth');
    expect(screen.getByRole('link', { name: 'Payment account' }).getAttribute('href')).toBe('/shops/shop-1/payments/stripe');
    expect(screen.getByRole('link', { name: 'Payouts' }).getAttribute('href')).toBe('/shops/shop-1/payments/stripe_payouts');
    expect(screen.getByRole('link', { name: 'Transaction Report' }).getAttribute('href')).toBe('/shops/shop-1/transactions');
  });

  it('says the shop is not connected yet and leads to the account page', async () => {
    renderPage({ paymentsActiveAccount: async () => ({ accountId: null, mode: null, connectMode: 'custom', provider: 'stripe' }) });
    expect((await screen.findByTestId('payments-connection', undefined, { timeout: 5000 })).textContent).toBe('Not connected');
    expect(screen.getByRole('link', { name: 'Connect a payment account' }).getAttribute('href')).toBe('/shops/shop-1/payments/stripe');
  });
});
