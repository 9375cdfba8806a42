import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import { Alert, Box, Button, Stack } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { messages } from '../../domain/messages';
import type { ApiOrder } from '../../domain/orderView';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import { Pending } from '../../src/components/Pending';
import { touchTargets } from '../../src/components/touch';
import { paperStyles, Ticket } from './Ticket';

/**
 * orders/{orderId}/ticket: the order's kitchen ticket as it prints on 80 mm paper, with Print (the browser's dialog);
 * `?print=1` opens the dialog as soon as the ticket is shown.
 */
export function TicketPage() {
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const { shop } = useShop();
  const translate = useTranslate();
  const { data: order, error, isPending } = useGetOne<ApiOrder>('orders', { id: orderId, meta: { shopId: shop.id } }, { retry: false });
  const printed = useRef(false);
  useEffect(() => {
    if (order && search.get('print') === '1' && !printed.current) {
      printed.current = true;
      window.print();
    }
  }, [order, search]);

  if (isPending) return <Pending />;
  if (error || !order) return <Alert severity="error">{messages.cannotFindOrder}</Alert>;
  return (
    <Stack sx={{ gap: 2, alignItems: 'flex-start', ...touchTargets }} data-testid="ticket-page">
      {paperStyles}
      <Stack direction="row" className="no-print" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('resources.orders.ticket.print')}
        </Button>
        <Button component={RouterLink} to={shopUrl(shop.id, 'orders', order.id)} startIcon={<ArrowBackIcon />}>
          {translate('resources.orders.ticket.back')}
        </Button>
      </Stack>
      <Box sx={{ border: '1px solid', borderColor: 'divider', '@media print': { border: 0 } }}>
        <Ticket order={order} shop={shop} />
      </Box>
    </Stack>
  );
}
