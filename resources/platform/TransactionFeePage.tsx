import { BooleanInput, NumberInput, SaveButton, SimpleForm, Toolbar, useTranslate } from 'react-admin';
import { Alert, Box, Card, Typography } from '@mui/material';
import { useFormState, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '../../domain/messages';
import { currencySymbol, fromCents, money, toCents } from '../../domain/money';
import { transactionFeeSchema, type TransactionFee } from '../../domain/platform';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiMutation, useApiQuery } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { schemaResolver } from '../../src/components/forms/schemaResolver';
import { MoneyInput } from '../../src/components/MoneyInput';

/** The fee's amounts: cents on the API (the spec gives them in cents), dollars and cents in the form. */
const AMOUNTS = ['microLimit', 'microAmount', 'normalAmount'] as const;
// The largest amount the API takes (100,000,000 cents), in currency units.
const MAX_FEE_UNITS = 1_000_000;

/** The form's values: the setting with its amounts in currency units (12.5 for 1250 cents). */
const feeFormSchema = transactionFeeSchema.extend({
  microLimit: money('Micro limit', { max: MAX_FEE_UNITS }),
  microAmount: money('Micro amount', { max: MAX_FEE_UNITS }),
  normalAmount: money('Normal amount', { max: MAX_FEE_UNITS }),
});
type FeeForm = TransactionFee;

export const feeToForm = (fee: TransactionFee): FeeForm => ({
  ...fee,
  ...Object.fromEntries(AMOUNTS.map((k) => [k, fromCents(fee[k])])),
});
export const feeFromForm = (form: FeeForm): TransactionFee => ({
  ...form,
  ...Object.fromEntries(AMOUNTS.map((k) => [k, toCents(form[k])])),
});

const resolver = schemaResolver<FeeForm>(feeFormSchema);
/** A message of this page, by its key under resources.platform.transactionFee. */
const word = (key: string) => `resources.platform.transactionFee.${key}`;
const label = (field: keyof TransactionFee) => word(`fields.${field}`);

/** An amount in the shop's currency, to the cent. */
function AmountInput({ source, symbol }: { source: (typeof AMOUNTS)[number]; symbol: string }) {
  const translate = useTranslate();
  return <MoneyInput source={source} label={label(source)} helperText={translate(word('amountHelp'), { symbol })} step={0.01} min={0} />;
}

function FeeFields({ symbol }: { symbol: string }) {
  const applicable = useWatch({ name: 'applicable' }) as boolean;
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      {!applicable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(word('notApplicable'))}
        </Alert>
      )}
      <BooleanInput source="applicable" label={label('applicable')} helperText="resources.platform.transactionFee.applicableHelp" />
      {applicable && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, mt: 1 }}>
          <Typography variant="subtitle2" component="h2" sx={{ gridColumn: '1 / -1', mt: 1 }}>
            {translate(word('micro'))}
          </Typography>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <AmountInput source="microLimit" symbol={symbol} />
          </Box>
          <AmountInput source="microAmount" symbol={symbol} />
          <NumberInput
            source="microPercentage"
            label={label('microPercentage')}
            helperText="resources.platform.transactionFee.percentageHelp"
            min={0}
            max={100}
          />
          <Typography variant="subtitle2" component="h2" sx={{ gridColumn: '1 / -1', mt: 1 }}>
            {translate(word('normal'))}
          </Typography>
          <AmountInput source="normalAmount" symbol={symbol} />
          <NumberInput
            source="normalPercentage"
            label={label('normalPercentage')}
            helperText="resources.platform.transactionFee.percentageHelp"
            min={0}
            max={100}
          />
        </Box>
      )}
    </Box>
  );
}

function FeeToolbar() {
  const { isValid, isSubmitting } = useFormState();
  return (
    <Toolbar>
      <SaveButton disabled={!isValid || isSubmitting} />
    </Toolbar>
  );
}

/**
 * /shops/{shopId}/transaction_fee (super admins, spec 3 §3): the transaction_fee setting, fields only when applicable.
 * Amounts are entered and shown in the shop's currency; the API keeps them in cents.
 */
export function TransactionFeePage() {
  const translate = useTranslate();
  const api = useApi();
  const queryClient = useQueryClient();
  const { shop } = useShop();
  const key = ['shops', shop.id, 'settings', 'transaction_fee'];
  const fee = useApiQuery({ queryKey: key, queryFn: () => api.getSetting(shop.id, 'transaction_fee') });
  const save = useApiMutation({
    mutationFn: (value: TransactionFee) => api.putSetting(shop.id, 'transaction_fee', value),
    success: messages.saved,
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });

  if (fee.error)
    return (
      <Alert severity="error" sx={{ maxWidth: 720 }}>
        {fee.error.message}
      </Alert>
    );
  if (!fee.data) return <Pending />;
  const symbol = currencySymbol(shop.country);

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <PageHeader inShop title={translate(word('name'))} subtitle={translate(word('subtitle'), { shop: shop.name })} />
      <Card variant="outlined">
        <SimpleForm
          record={feeToForm(fee.data as TransactionFee)}
          resolver={resolver}
          mode="onChange"
          // Resolves to the server's field errors, which the form shows under the fields.
          onSubmit={(values: Record<string, unknown>) =>
            save.mutateAsync(feeFromForm(values as FeeForm)).then(
              () => undefined,
              (error) => error?.body?.errors,
            )
          }
          toolbar={<FeeToolbar />}
        >
          <FeeFields symbol={symbol} />
        </SimpleForm>
      </Card>
    </Box>
  );
}
