import { useGetList, useTranslate } from 'react-admin';
import { Alert, Typography } from '@mui/material';
import type { Alert as AlertRow } from '../../domain/alerts';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { AlertTable } from '../../src/components/AlertLog';
import { Pending } from '../../src/components/Pending';

const LAST = 50;

/** The shop's last 50 alert mails, newest first (ADMINs): what went out, to whom, and what failed, with Resend. */
export function RecentAlerts() {
  const translate = useTranslate();
  const { shop } = useShop();
  const { data, error, isPending, refetch } = useGetList<AlertRow>('alerts', {
    pagination: { page: 1, perPage: LAST },
    sort: { field: 'createdAt', order: 'DESC' },
    meta: { shopId: shop.id },
  });
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (isPending) return <Pending />;
  if (!data?.length) return <Typography color="text.secondary">{translate('resources.alerts.recent.none')}</Typography>;
  return (
    <AlertTable
      rows={data}
      onChanged={() => void refetch()}
      linkTo={(a) => (a.orderId ? shopUrl(shop.id, 'orders', a.orderId) : a.bookingId ? shopUrl(shop.id, 'bookings/history') : null)}
      testId="recent-alert"
    />
  );
}
