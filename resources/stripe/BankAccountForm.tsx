import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { messages } from '../../domain/messages';
import { currencyOf } from '../../domain/money';
import { bankDetailsSchema, routingLabel, type BankDetails } from '../../domain/stripe';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiMutation } from '../../src/components/api';
import type { StripeApi } from './api';
import { useSchemaForm } from '../../src/components/forms/useSchemaForm';
import { bankAccountToken, type TokenizerSetup } from './tokenizer';

const label = (field: string) => `resources.stripe.fields.${field}`;
const EMPTY = { account_holder_name: '', account_holder_type: 'individual', account_number: '', routing_number: '' };

/**
 * The bank account (spec 1 §3 Bank details, §5): holder, holder type, account number and the routing number under
 * its country's name (BSB, sort code, routing number; left out where the country has none). Country and currency are
 * the shop's. The details become a token in the browser; only the token is sent. `keyLoading`: the publishable key
 * is still on its way, so Save waits for it rather than failing without it.
 */
export function BankAccountForm({
  setup,
  onSaved,
  keyLoading = false,
}: {
  setup: Omit<TokenizerSetup, 'country' | 'currency'>;
  onSaved: () => void;
  keyLoading?: boolean;
}) {
  const api = useApi<StripeApi>();
  const translate = useTranslate();
  const { shop } = useShop();
  const routing = routingLabel(shop.country);
  const tokenizer: TokenizerSetup = { ...setup, country: shop.country, currency: currencyOf(shop.country) };
  const save = useApiMutation({
    mutationFn: async (details: BankDetails) => {
      const token = await bankAccountToken(details, tokenizer);
      if (!token) throw new Error(messages.bankTokenMissing);
      return api.stripeExternalAccount(shop.id, token);
    },
    success: messages.bankAccountUpdated,
    onSuccess: onSaved,
  });
  const form = useSchemaForm(bankDetailsSchema, EMPTY, { save: (d) => save.mutateAsync(d), onClose: () => undefined });
  const valid = bankDetailsSchema.safeParse(form.values).success;
  const field = (name: keyof typeof EMPTY, extra: Record<string, unknown> = {}) => ({
    id: `bank-${name}`,
    label: translate(label(name)),
    value: form.values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.change(name, e.target.value),
    error: Boolean(form.errors[name]),
    helperText: form.errors[name] || ' ',
    fullWidth: true,
    ...extra,
  });

  return (
    <form onSubmit={form.submit} noValidate aria-labelledby="bank-form-title">
      <Typography id="bank-form-title" variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {translate('resources.stripe.account.bankAccount')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.stripe.bank.help', { currency: currencyOf(shop.country), country: shop.country })}
      </Typography>
      <TextField {...field('account_holder_name', { autoComplete: 'name' })} />
      <TextField {...field('account_holder_type')} select>
        <MenuItem value="individual">{translate('resources.stripe.bank.individual')}</MenuItem>
        <MenuItem value="company">{translate('resources.stripe.bank.company')}</MenuItem>
      </TextField>
      {routing && <TextField {...field('routing_number', { label: routing, inputProps: { inputMode: 'numeric' } })} />}
      <TextField {...field('account_number', { inputProps: { inputMode: 'numeric', autoComplete: 'off' } })} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!valid || form.saving || keyLoading}>
          {form.saving ? messages.pleaseWait : translate('resources.stripe.actions.updateBank')}
        </Button>
      </Stack>
    </form>
  );
}
