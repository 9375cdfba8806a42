import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderInShop } from '../helpers/renderInShop';
import { BankAccountForm } from '../../resources/stripe/BankAccountForm';
import type { Shop } from '../../domain/shop';

/** Save waits for the publishable key: sent without it, Stripe.js cannot make a token. */
const shop = { id: 'shop-1', name: 'Harbour Beans', timezone: 'Australia/Sydney', country: 'AU' } as Shop;

function renderForm(keyLoading: boolean) {
  renderInShop(<BankAccountForm setup={{ provider: 'stripe', publishableKey: '' }} onSaved={() => undefined} keyLoading={keyLoading} />, {
    shop,
    role: 'ADMIN',
  });
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
