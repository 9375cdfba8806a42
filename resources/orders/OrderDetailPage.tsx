import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useGetOne, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { phoneForDisplay } from '../../domain/contact';
import { timesIn } from '../../domain/dates';
import { messages } from '../../domain/messages';
import { fromCents } from '../../domain/money';
import type { ApiOrder, ApiOrderDetail } from '../../domain/orderView';
import { orderBanner, orderNumberLabel, orderStatusWord, paymentLabel, paymentStatusWord } from '../../domain/orderView';
import { useShop } from '../../src/contracts/shopContext';
import { Pending } from '../../src/components/Pending';
import { useApi } from '../../src/components/api';
import { AlertLog } from '../../src/components/AlertLog';
import type { OrdersApi } from './api';
import { OrderActionsBar } from './OrderActionsBar';
import { ReadyButton } from './ReadyButton';
import { RefundAttempts } from './RefundAttempts';
import { usePrintTicket } from './Ticket';
import PrintIcon from '@mui/icons-material/Print';
import { touchTargets } from '../../src/components/touch';
import { shopUrl } from '../../src/contracts/urls';
import { OrderLoyalty } from './OrderLoyalty';
import { collectionLabel, money, when } from './format';

/** `label` and `title` are keys of resources.orders.detail. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(`resources.orders.detail.${label}`)}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {translate(`resources.orders.detail.${title}`)}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/** orders/{orderId}: every field of spec 2 §3, laid out as a kitchen reads it, with the actions its status allows. */
export function OrderDetailPage() {
  const translate = useTranslate();
  const { orderId = '' } = useParams();
  const { shop } = useShop();
  const queryClient = useQueryClient();
  const {
    data: order,
    error,
    isPending,
    refetch,
  } = useGetOne<ApiOrder & Partial<Pick<ApiOrderDetail, 'refundAttempts'>>>(
    'orders',
    { id: orderId, meta: { shopId: shop.id } },
    { retry: false },
  );

  const api = useApi<OrdersApi>();
  const ticket = usePrintTicket();
  // Opening an order stops it ringing on every board.
  const unseen = order && !order.acknowledgedAt ? order.id : null;
  useEffect(() => {
    if (unseen)
      void api.acknowledgeOrder(shop.id, unseen).then(
        () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
        () => undefined,
      );
  }, [api, queryClient, shop.id, unseen]);

  if (isPending) return <Pending />;
  if (error || !order) {
    const status = (error as { status?: number } | null)?.status;
    return (
      <Alert severity="error" data-testid="order-problem">
        {status === 404 || !order ? messages.cannotFindOrder : (error as Error).message}
      </Alert>
    );
  }

  const banner = orderBanner(order);
  const failed = order.status === 'FAILURE';
  const c = order.cart;
  const m = (units: number) => money(units, shop.country);
  const done = () => {
    void refetch();
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  };

  return (
    <Stack sx={{ gap: 2, maxWidth: 960, ...touchTargets }} data-testid="order-detail">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            <span data-testid="order-number">{orderNumberLabel(order.number)}</span> · {c.collectionName ?? order.customerName} ·{' '}
            {m(order.grandTotal)}
          </Typography>
          <Typography color="text.secondary">
            {translate('resources.orders.detail.placed', {
              time: when(order.placedAt, shop.timezone),
              zone: timesIn(shop.timezone),
            })}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Chip
            label={orderStatusWord(failed ? 'FAILURE' : order.orderStatusRestaurant)}
            color={order.orderStatusRestaurant === 'NEW' ? 'error' : 'default'}
            data-testid="order-status"
          />
          {order.stage === 'ready' && <Chip label={translate('resources.orders.detail.ready')} color="success" data-testid="order-ready" />}
          {order.scheduled && <Chip label={translate('resources.orders.detail.scheduled')} data-testid="order-scheduled" />}
          {order.completedAt && <Chip label={translate('resources.orders.detail.completed')} color="success" />}
        </Stack>
      </Stack>
      {banner && (
        <Alert severity={banner.severity} data-testid="order-banner">
          {banner.text}
          {order.rejectReason ? ` ${translate('resources.orders.detail.reason', { reason: order.rejectReason })}` : ''}
        </Alert>
      )}
      <Stack direction="row" className="no-print" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {!failed && <ReadyButton order={order} onDone={done} />}
        {!failed && <OrderActionsBar order={order} onDone={done} />}
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => ticket.print(order)}>
          {translate('resources.orders.ticket.print')}
        </Button>
        <Button component={RouterLink} to={shopUrl(shop.id, 'orders', order.id, 'ticket')}>
          {translate('resources.orders.detail.ticket')}
        </Button>
      </Stack>
      {ticket.sheet(shop)}
      <RefundAttempts order={order} onDone={done} />

      <Card variant="outlined">
        <CardContent sx={{ overflowX: 'auto' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {translate('resources.orders.detail.items')}
          </Typography>
          <Table size="small" aria-label={translate('resources.orders.detail.items')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.orders.detail.item')}</TableCell>
                <TableCell align="right">{translate('resources.orders.detail.quantity')}</TableCell>
                <TableCell align="right">{translate('resources.orders.detail.unitPrice')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {c.items.map((l, i) => (
                <TableRow key={i}>
                  <TableCell>
                    <Typography sx={{ fontWeight: 600 }}>{l.name}</Typography>
                    {l.summary && (
                      <Typography variant="body2" color="text.secondary">
                        {l.summary}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ fontSize: 18, fontWeight: 700 }}>
                    {l.quantity}
                  </TableCell>
                  <TableCell align="right">{m(l.unitPrice)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <Section title="collection">
        <Field label="collectionName">{c.collectionName ?? '—'}</Field>
        <Field label="collectionType">{collectionLabel(order.collectionType)}</Field>
        <Field label="collectionTime">
          {order.collectionTime ? when(order.collectionTime, shop.timezone) : translate('resources.orders.ticket.asap')}
        </Field>
        <Field label="eta">
          {order.eta ? `${order.eta.display}${order.eta.time ? ` (${when(order.eta.time, shop.timezone)})` : ''}` : '—'}
        </Field>
        {order.kitchenAt && <Field label="kitchenAt">{when(order.kitchenAt, shop.timezone)}</Field>}
        {order.markedReadyAt && <Field label="readyAt">{when(order.markedReadyAt, shop.timezone)}</Field>}
        {order.collectionType === 'DELIVERY' && (
          <Field label="deliveryAddress">
            {c.deliveryAddress
              ? `${c.deliveryAddress.line1}, ${c.deliveryAddress.suburb}` +
                `${c.deliveryAddress.postcode ? ` ${c.deliveryAddress.postcode}` : ''}`
              : messages.cannotFindDeliveryAddress}
          </Field>
        )}
      </Section>

      <Section title="customer">
        <Field label="customer">{order.customerName}</Field>
        <Field label="mobile">
          <a href={`tel:${order.mobile}`}>{phoneForDisplay(order.mobile, shop.country)}</a>
        </Field>
        <Field label="previousOrders">{order.previousOrderCount}</Field>
        <Field label="comments">{c.comments ?? '—'}</Field>
      </Section>

      <Section title="payment">
        <Field label="payment">{paymentLabel(order.paymentType)}</Field>
        <Field label="paymentStatus">{paymentStatusWord(order.paymentStatus)}</Field>
        <Field label="subtotal">{m(c.subtotal)}</Field>
        <Field label="deliveryCharges">{m(c.deliveryCharges)}</Field>
        <Field label="discount">{m(c.discount)}</Field>
        <Field label="coupon">{c.coupon ?? '—'}</Field>
        <OrderLoyalty order={order} money={m} />
        <Field label="creditCardSurcharge">
          {m(c.creditCardSurcharge)}
          {c.creditCardSurchargeMessage ? ` (${c.creditCardSurchargeMessage})` : ''}
        </Field>
        <Field label="applicationFee">{m(fromCents(order.applicationFee))}</Field>
        <Divider sx={{ gridColumn: '1 / -1' }} />
        <Field label="grandTotal">
          <Typography component="span" sx={{ fontSize: 20, fontWeight: 700 }}>
            {m(c.grandTotal)}
          </Typography>
        </Field>
      </Section>
      <AlertLog subject={{ orderId: order.id }} />
    </Stack>
  );
}
