import { Edit, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { messages } from '../../domain/messages';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { useApiError } from '../../src/components/api';
import { PageHeader } from '../../src/components/PageHeader';
import { PromotionInputs, PromotionToolbar, promotionResolver, usePromotionDefaults } from './PromotionInputs';

function LoadingCoupon() {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', py: 6, justifyContent: 'center' }} role="status">
      <CircularProgress size={24} aria-hidden />
      <Typography>{translate('resources.promotions.loading')}</Typography>
    </Stack>
  );
}

/** /shops/{shopId}/promotions/{id}/edit: 'Loading coupon' while it loads; saving returns to the list. */
export function PromotionEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const onError = useApiError({ formShowsFieldErrors: true });
  const { shop } = useShop();
  const { promotionId = '' } = useParams();
  const defaults = usePromotionDefaults();
  return (
    <Box sx={{ py: { xs: 1, sm: 2 } }}>
      <PageHeader inShop title={translate('resources.promotions.edit')} />
      <Edit
        resource="promotions"
        id={promotionId}
        title={false}
        loading={<LoadingCoupon />}
        redirect={false}
        sx={{ '& .RaEdit-main': { mt: 0 }, '& .RaEdit-card': { maxWidth: 800 } }}
        mutationMode="pessimistic"
        queryOptions={{
          meta: { shopId: shop.id },
          retry: false,
          onError: (e: unknown) => {
            onError(e);
            redirect(shopUrl(shop.id, 'promotions'));
          },
        }}
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
      </Edit>
    </Box>
  );
}
