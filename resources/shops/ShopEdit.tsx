import { Edit, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Alert, Box } from '@mui/material';
import { messages } from '../../domain/messages';
import { useShop } from '../../src/contracts/shopContext';
import { useApiError } from '../../src/components/api';
import { KeepUnsavedValues } from '../../src/components/KeepUnsavedValues';
import { PageHeader } from '../../src/components/PageHeader';
import { ShopFormToolbar } from './ShopFormToolbar';
import { ShopInputs } from './ShopInputs';
import { shopUpdateResolver } from './shopResolvers';
import { UnsavedChangesGuard } from '../../src/components/forms/UnsavedChangesGuard';

/** /shops/{id}/edit, for the shop's admins (the shop shell checks the role). Saving a rejected shop sends it back to review. */
export function ShopEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useApiError({ formShowsFieldErrors: true });
  const { shop } = useShop();
  const rejected = shop.listing.status === 'REJECTED';
  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      <PageHeader inShop title={translate('resources.shops.menu.edit')} subtitle={translate('resources.shops.edit.subtitle')} />
      <Edit
        resource="shops"
        id={shop.id}
        // The shop area already titles the page with the shop's name.
        title={false}
        sx={{ '& .RaEdit-main': { mt: 0 }, '& .RaEdit-card': { maxWidth: 760 } }}
        mutationMode="pessimistic"
        queryOptions={{ retry: false }}
        mutationOptions={{
          onSuccess: () => {
            notify(messages.shopSaved, { type: 'success' });
            redirect('/shops');
          },
          onError,
        }}
      >
        {rejected && (
          <Box sx={{ p: 2, pb: 0 }}>
            <Alert severity="error" variant="outlined">
              {shop.listing.rejectReason
                ? translate('resources.shops.edit.rejectedBecause', { reason: shop.listing.rejectReason })
                : translate('resources.shops.edit.rejected')}
            </Alert>
          </Box>
        )}
        <SimpleForm resolver={shopUpdateResolver} mode="onChange" toolbar={<ShopFormToolbar resubmit={rejected} />}>
          <UnsavedChangesGuard />
          <KeepUnsavedValues />
          <ShopInputs />
        </SimpleForm>
      </Edit>
    </Box>
  );
}
