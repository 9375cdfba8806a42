import { Create, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { messages } from '../../domain/messages';
import { useApiError } from '../../src/components/api';
import { KeepUnsavedValues } from '../../src/components/KeepUnsavedValues';
import { PageHeader } from '../../src/components/PageHeader';
import { ShopFormToolbar } from './ShopFormToolbar';
import { newShopDefaults, ShopInputs } from './ShopInputs';
import { shopCreateResolver } from './shopResolvers';
import { UnsavedChangesGuard } from '../../src/components/forms/UnsavedChangesGuard';

/** /shops/create: a new shop goes to review; saving may take a while, so the button says 'Please Wait'. */
export function ShopCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useApiError({ formShowsFieldErrors: true });
  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      <PageHeader title={translate('resources.shops.menu.create')} subtitle={translate('resources.shops.create.subtitle')} />
      <Create
        resource="shops"
        title={false}
        sx={{ '& .RaCreate-main': { mt: 0 }, '& .RaCreate-card': { maxWidth: 760 } }}
        mutationOptions={{
          onSuccess: () => {
            notify(messages.shopCreated, { type: 'success' });
            redirect('/shops');
          },
          onError,
        }}
      >
        <SimpleForm resolver={shopCreateResolver} mode="onChange" defaultValues={newShopDefaults()} toolbar={<ShopFormToolbar creating />}>
          <UnsavedChangesGuard />
          <KeepUnsavedValues />
          <ShopInputs create />
        </SimpleForm>
      </Create>
    </Box>
  );
}
