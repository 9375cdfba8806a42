import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, testDataProvider } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider';
import { ShopContext } from '../../src/contracts/shopContext';
import { BankAccountForm } from '../../resources/stripe/BankAccountForm';
import type { Shop } from '../../domain/shop';

/** Save waits for the publishable key: sent without it, Stripe.js cannot make a token. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;

function renderForm(keyLoading: boolean) {
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()} store={memoryStore()}>
        <ShopContext.Provider value={{ shop, role: 'ADMIN', access: 'ADMIN', refetch: () => undefined }}>
          <BankAccountForm setup={{ provider: 'stripe', publishableKey: '' }} onSaved={() => undefined} keyLoading={keyLoading} />
        </ShopContext.Provider>
      </AdminContext>
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText('Account holder name'), { target: { value: 'Harbour Beans Pty Ltd' } });
  fireEvent.change(screen.getByLabelText('BSB'), { target: { value: '110-000' } });
  fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '000123456' } });
  return screen.getByRole('button', { name: 'Update Bank Account' }) as HTMLButtonElement;
}

afterEach(cleanup);

describe('Bank account form', () => {
  it('keeps Update Bank Account disabled while the publishable key loads, though the details are valid', () => {
    expect(renderForm(true).disabled).toBe(true);
  });

  it('enables it once the key has loaded', () => {
    expect(renderForm(false).disabled).toBe(false);
  });
});
