import { beforeAll, describe, expect, it } from 'vitest';
import { bankAccountToken, type TokenizerSetup } from '../../resources/stripe/tokenizer';
import { messages } from '../../domain/messages';

/**
 * The tokenizer with the Stripe provider. @stripe/stripe-js uses a `window.Stripe` that is already there instead of
 * loading js.stripe.com, so a stand-in answering as Stripe.js does (`{ token }` or `{ error }`) is put there first;
 * the e2e test stripeJs.test.ts does the same through the real script URL in Chromium.
 */
let answer: { token?: { id: string }; error?: { message?: string; param?: string } } = {};
const calls: { key: string; type: string; data: Record<string, unknown> }[] = [];

beforeAll(() => {
  const Stripe = (key: string) => ({
    createToken: async (type: string, data: Record<string, unknown>) => {
      calls.push({ key, type, data });
      return answer;
    },
  });
  Object.assign(window, { Stripe: Object.assign(Stripe, { version: 'endive' }) });
});

const setup: TokenizerSetup = { provider: 'stripe', publishableKey: 'pk_test_console', country: 'AU', currency: 'AUD' };
const details = {
  account_holder_name: 'Token Cafe',
  account_holder_type: 'company' as const,
  account_number: '000 111 222',
  routing_number: '110-000',
};

describe('bank account tokenizer with the Stripe provider', () => {
  it("hands Stripe.js the shop's country and currency and the bare numbers, and answers the token id", async () => {
    answer = { token: { id: 'btok_1FakeToken' } };
    await expect(bankAccountToken(details, setup)).resolves.toBe('btok_1FakeToken');
    expect(calls.at(-1)).toEqual({
      key: 'pk_test_console',
      type: 'bank_account',
      data: {
        country: 'AU',
        currency: 'aud',
        account_holder_name: 'Token Cafe',
        account_holder_type: 'company',
        account_number: '000111222',
        routing_number: '110000',
      },
    });
  });

  it("puts Stripe.js's error under the field it names, in the API errors' shape", async () => {
    answer = { error: { message: 'Your routing number is invalid.', param: 'bank_account[routing_number]' } };
    const error = await bankAccountToken(details, setup).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      message: 'Your routing number is invalid.',
      body: { message: 'Your routing number is invalid.', errors: { routing_number: 'Your routing number is invalid.' } },
    });
  });

  it('keeps an error about no field of the form for the toast only', async () => {
    answer = { error: { message: 'Your bank account could not be verified.', param: 'bank_account[bank_name]' } };
    const error = await bankAccountToken(details, setup).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Your bank account could not be verified.' });
    expect((error as { body: { errors?: unknown } }).body.errors).toBeUndefined();
  });

  it('refuses to make a simulated token for Stripe when the publishable key is missing', async () => {
    const before = calls.length;
    await expect(bankAccountToken(details, { ...setup, publishableKey: '' })).rejects.toThrow(messages.stripePkMissing);
    expect(calls.length).toBe(before);
  });
});
