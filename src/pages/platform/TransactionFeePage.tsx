import { useEffect } from 'react';
import { BooleanInput, Loading, NumberInput, SaveButton, SimpleForm, Toolbar, useNotify } from 'react-admin';
import { Alert, Box, Card, Typography } from '@mui/material';
import { useFormState, useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COUNTRIES } from '../../../domain/countries';
import { messages } from '../../../domain/messages';
import { transactionFeeSchema, type TransactionFee } from '../../../domain/platform';
import { zodResolver } from '../../components/zodResolver';
import { useShop } from '../../layout/ShopContext';
import { platformApi } from './api';
import { PageHeader } from '../../components/PageHeader';

const resolver = zodResolver<TransactionFee>(transactionFeeSchema);

function CentsInput({ source, label, symbol }: { source: keyof TransactionFee; label: string; symbol: string }) {
  const value = useWatch({ name: source }) as number | null | undefined;
  const shown = typeof value === 'number' && Number.isFinite(value) ? ` = ${symbol}${(value / 100).toFixed(2)}` : '';
  return <NumberInput source={source} label={label} helperText={`In cents${shown}`} step={1} min={0} />;
}

function FeeFields({ symbol }: { symbol: string }) {
  const applicable = useWatch({ name: 'applicable' }) as boolean;
  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      {!applicable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          No fee is charged to this shop. Turn on Applicable to set one.
        </Alert>
      )}
      <BooleanInput source="applicable" label="Applicable" helperText="Charge this shop a fee on every card order." />
      {applicable && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, mt: 1 }}>
          <Typography variant="subtitle2" sx={{ gridColumn: '1 / -1', mt: 1 }}>
            Micro orders (up to the micro limit)
          </Typography>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <CentsInput source="microLimit" label="Micro limit" symbol={symbol} />
          </Box>
          <CentsInput source="microAmount" label="Micro amount" symbol={symbol} />
          <NumberInput source="microPercentage" label="Micro percentage" helperText="0 to 100 %" min={0} max={100} />
          <Typography variant="subtitle2" sx={{ gridColumn: '1 / -1', mt: 1 }}>
            Normal orders
          </Typography>
          <CentsInput source="normalAmount" label="Normal amount" symbol={symbol} />
          <NumberInput source="normalPercentage" label="Normal percentage" helperText="0 to 100 %" min={0} max={100} />
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

/** /shops/{shopId}/transaction_fee (super admins, spec 3 §3): amounts in cents, fields only when applicable. */
export function TransactionFeePage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { shop } = useShop();
  const shopId = shop.id;
  const fee = useQuery({ queryKey: ['shops', shopId, 'transaction_fee'], queryFn: () => platformApi.transactionFee(shopId), retry: false, enabled: !!shopId });

  useEffect(() => {
    if (fee.error) notify(fee.error.message, { type: 'error' });
  }, [fee.error, notify]);

  if (fee.error) return <Alert severity="error" sx={{ maxWidth: 720 }}>{fee.error.message}</Alert>;
  if (!fee.data) return <Loading />;
  const symbol = (COUNTRIES as Record<string, { symbol: string }>)[shop.country]?.symbol ?? '$';

  const save = async (values: Record<string, unknown>) => {
    try {
      const saved = await platformApi.saveTransactionFee(shopId, values as TransactionFee);
      queryClient.setQueryData(['shops', shopId, 'transaction_fee'], saved);
      notify(messages.saved, { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return (error as { body?: { errors?: Record<string, string> } }).body?.errors;
    }
  };

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 900 }}>
      <PageHeader inShop title="Transaction Fee" subtitle={`What ${shop.name} pays the platform per card order.`} />
      <Card variant="outlined">
        <SimpleForm record={fee.data} resolver={resolver} mode="onChange" onSubmit={save} toolbar={<FeeToolbar />}>
          <FeeFields symbol={symbol} />
        </SimpleForm>
      </Card>
    </Box>
  );
}
