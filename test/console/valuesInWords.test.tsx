import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../src/providers';
import { AccountDetails } from '../../resources/stripe/AccountDetails';
import { PromotionDetails } from '../../resources/promotions/PromotionDetails';
import { feeFromForm, feeToForm } from '../../resources/platform/TransactionFeePage';
import { showBirthDate, showDate, showDateTime, showDay, showShortDay } from '../../src/components/dates';
import { capabilityInWords, codeInWords } from '../../src/components/words';
import type { StripeAccount } from '../../domain/stripe';
import type { Promotion } from '../../domain/promotion';

/** Dates, stored codes and amounts as a person reads them: one formatter, words for codes, dollars for fees. */
afterEach(cleanup);

const inAdmin = (ui: React.ReactNode) => render(<AdminContext i18nProvider={i18nProvider}>{ui}</AdminContext>);

const account = (over: Partial<StripeAccount> = {}) =>
  ({
    id: 'acct_1',
    displayName: 'Harbour Beans',
    mode: 'standard',
    country: 'US',
    charges_enabled: true,
    payouts_enabled: true,
    capabilities: { card_payments: 'active', transfers: 'pending' },
    business_type: 'individual',
    individual: {
      first_name: 'Jenny',
      last_name: 'Rosen',
      dob: { day: 31, month: 12, year: 1980 },
      verification: { status: 'unverified' },
    },
    requirements: { past_due: [], currently_due: [], eventually_due: [] },
    ...over,
  }) as StripeAccount;

describe('the one date formatter', () => {
  it("shows instants on the shop's clock and calendar days as they are", () => {
    expect(showDateTime('2024-01-01T04:04:00Z', 'Australia/Sydney')).toBe('Mon, Jan 1st 3:04 pm');
    expect(showDate('2024-01-01T15:04:00Z', 'Australia/Sydney')).toBe('Tue, Jan 2nd 2024');
    expect(showDay('2026-01-05')).toBe('Mon, Jan 5th 2026');
    expect(showShortDay('2026-11-23')).toBe('Nov 23');
    expect(showDay('not a day')).toBe('');
    expect(showDate(null)).toBe('');
  });

  it("writes a date of birth in the country's own order", () => {
    const dob = { day: 31, month: 12, year: 1980 };
    expect(showBirthDate(dob, 'AU')).toBe('31/12/1980');
    expect(showBirthDate(dob, 'US')).toBe('12/31/1980');
    expect(showBirthDate(dob, 'JP')).toBe('1980-12-31');
    expect(showBirthDate({ day: null, month: 1, year: 1990 }, 'AU')).toBe('');
  });
});

describe('stored codes as words', () => {
  it('turns codes into sentence case and capabilities into what they mean', () => {
    expect(codeInWords('PAID')).toBe('Paid');
    expect(codeInWords('PARTIALLY_REFUNDED')).toBe('Partially refunded');
    expect(codeInWords('in_transit')).toBe('In transit');
    expect(capabilityInWords('transfers', 'active')).toBe('Transfers enabled');
    expect(capabilityInWords('card_payments', 'inactive')).toBe('Card payments not enabled');
  });

  it('shows the Stripe account in words, its date of birth in the order of its country', () => {
    inAdmin(<AccountDetails account={account()} shopCountry="AU" />);
    for (const chip of ['Charges enabled', 'Payouts enabled', 'Card payments enabled', 'Transfers pending']) screen.getByText(chip);
    expect(screen.queryByText(/: (yes|no|active|pending)$/)).toBeNull();
    screen.getByText('12/31/1980');
    screen.getByText('Unverified');
  });

  it("says where the bank account is when Stripe does not list it, and 'No bank account yet' only when payouts are off", () => {
    inAdmin(<AccountDetails account={account()} shopCountry="AU" />);
    expect(screen.getByTestId('bank-account-state').textContent).toMatch(/bank account this account holds with Stripe/);
    expect(screen.queryByText('No bank account yet')).toBeNull();
    cleanup();
    inAdmin(<AccountDetails account={account({ payouts_enabled: false, external_accounts: { data: [] } })} shopCountry="AU" />);
    screen.getByText('No bank account yet');
    cleanup();
    const bank = { id: 'ba_1', object: 'bank_account', bank_name: 'SIMULATED BANK', last4: '6789', routing_number: '110000' };
    inAdmin(<AccountDetails account={account({ external_accounts: { data: [bank] } })} shopCountry="AU" />);
    screen.getByText('•••• 6789');
    expect(screen.queryByTestId('bank-account-state')).toBeNull();
  });
});

describe('coupons and fees in plain words', () => {
  const coupon = (over: Partial<Promotion>) =>
    ({
      id: 'p1',
      coupon: 'WELCOME10',
      description: 'Ten percent off',
      type: 'FLAT_PERCENTAGE_DISCOUNT',
      flatPercentageDiscount: { discountPercentage: 10, applicableOverAmount: 0 },
      startDate: '2026-01-05',
      endDate: '2026-02-01',
      dows: [],
      maxRedeems: 0,
      exclusive: false,
      firstOrderDiscount: false,
      collectionType: '',
      ...over,
    }) as Promotion;

  it("says 'every order' for an amount of 0, 'Unlimited' for Max Redeems 0, and the dates in the console's format", () => {
    inAdmin(<PromotionDetails promotion={coupon({})} country="AU" />);
    screen.getByText('10% off every order');
    screen.getByText('Unlimited');
    screen.getByText('Mon, Jan 5th 2026 to Sun, Feb 1st 2026');
    cleanup();
    inAdmin(
      <PromotionDetails
        promotion={coupon({
          maxRedeems: 2,
          flatPercentageDiscount: { discountPercentage: 10, applicableOverAmount: 20 },
        } as Partial<Promotion>)}
        country="AU"
      />,
    );
    screen.getByText('10% off orders over $20.00');
    screen.getByText('2');
  });

  it('enters the transaction fee in dollars and keeps it in cents for the API', () => {
    const fee = { applicable: true, microLimit: 2000, microAmount: 30, microPercentage: 1.5, normalAmount: 80, normalPercentage: 2 };
    expect(feeToForm(fee)).toEqual({ ...fee, microLimit: 20, microAmount: 0.3, normalAmount: 0.8 });
    expect(feeFromForm({ ...fee, microLimit: 20, microAmount: 0.29, normalAmount: 0.95 })).toEqual({
      ...fee,
      microLimit: 2000,
      microAmount: 29,
      normalAmount: 95,
    });
  });
});
