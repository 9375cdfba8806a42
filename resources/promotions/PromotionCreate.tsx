import { Create, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { messages } from '../../domain/messages';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { useApiError } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { PromotionInputs, PromotionToolbar, promotionResolver, usePromotionDefaults } from './PromotionInputs';

/** /shops/{shopId}/promotions/create: 'New Coupon'; saving returns to the list. */
export function PromotionCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useApiError({ formShowsFieldErrors: true });
  const { shop } = useShop();
  const defaults = usePromotionDefaults();
  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      <PageHeader inShop title={translate('resources.promotions.create')} />
      <Create
        resource="promotions"
        title={false}
        sx={{ '& .RaCreate-main': { mt: 0 }, '& .RaCreate-card': { maxWidth: 800 } }}
        mutationOptions={{
          meta: { shopId: shop.id },
          onSuccess: () => {
            notify(messages.saved, { type: 'success' });
            redirect(shopUrl(shop.id, 'promotions'));
          },
          onError,
        }}
      >
        <SimpleForm defaultValues={defaults} resolver={promotionResolver} mode="onChange" toolbar={<PromotionToolbar />}>
          <PromotionInputs />
        </SimpleForm>
      </Create>
    </Box>
  );
}
