import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardActionArea, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import type { ApiOrder } from '../../domain/orderView';
import { orderNumberLabel, paymentLabel } from '../../domain/orderView';
import type { Shop } from '../../domain/shop';
import { shopUrl } from '../../src/contracts/urls';
import { OverdueMarker } from '../../src/components/live/OverdueMarker';
import { collectionLabel, money, when } from './format';
import { OrderActionsBar } from './OrderActionsBar';

/** The card's title: its number, then the name the kitchen calls out. */
function titleOf(order: ApiOrder) {
  return `${orderNumberLabel(order.number)} · ${order.cart.collectionName ?? order.customerName}`;
}

/** What the kitchen needs at a glance: who, how, when, what. Opening it (the detail page) acknowledges it. */
function OrderSummary({ order, shop, lines }: { order: ApiOrder; shop: Shop; lines: number }) {
  const items = order.cart.items.reduce((n, l) => n + l.quantity, 0);
  return (
    <CardContent>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {titleOf(order)}
        </Typography>
        <Typography variant="h6" component="p">
          {money(order.grandTotal, shop.country)}
        </Typography>
      </Stack>
      <Typography color="text.secondary">
        {collectionLabel(order.collectionType)}
        {order.collectionTime ? ` for ${when(order.collectionTime, shop.timezone)}` : ' as soon as possible'} ·{' '}
        {paymentLabel(order.paymentType)} · {items} {items === 1 ? 'item' : 'items'}
      </Typography>
      {order.eta ? (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          ETA {order.eta.display}
          {order.eta.time ? ` · ready ${when(order.eta.time, shop.timezone)}` : ''}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Placed {when(order.placedAt, shop.timezone)} · {order.mobile}
        </Typography>
      )}
      <OverdueMarker order={order} shopId={shop.id} />
      <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
        {order.cart.items.slice(0, lines).map((l, i) => (
          <li key={i}>
            <Typography variant="body2">
              {l.quantity} × {l.name}
              {l.summary ? ` (${l.summary})` : ''}
            </Typography>
          </li>
        ))}
        {order.cart.items.length > lines && <Typography variant="body2">and {order.cart.items.length - lines} more…</Typography>}
      </Box>
      {order.cart.comments && (
        <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          “{order.cart.comments}”
        </Typography>
      )}
    </CardContent>
  );
}

/**
 * One NEW order on the board, with Accept (ETA) and Reject (reason) on the card; opening the order stays available
 * and acknowledges it, as Acknowledge does.
 */
export function OrderCard({
  order,
  shop,
  ringing,
  onAcknowledge,
  onDone,
}: {
  order: ApiOrder;
  shop: Shop;
  ringing: boolean;
  onAcknowledge: () => void;
  onDone: (o: ApiOrder, action: ApiOrder['actions'][number]) => void;
}) {
  const translate = useTranslate();
  return (
    <Card
      variant="outlined"
      data-testid="new-order"
      data-order-id={order.id}
      sx={(theme) => ({ borderColor: ringing ? theme.palette.error.main : undefined, borderWidth: ringing ? 2 : 1 })}
    >
      <CardActionArea
        component={RouterLink}
        to={shopUrl(shop.id, 'orders', order.id)}
        aria-label={translate('resources.orders.board.open', { name: order.customerName })}
      >
        <OrderSummary order={order} shop={shop} lines={4} />
      </CardActionArea>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <OrderActionsBar order={order} onDone={onDone} only={['accept', 'reject']} size="large" />
        {ringing && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', ml: 'auto !important' }}>
            <Chip icon={<NotificationsActiveIcon />} color="error" label={translate('resources.orders.board.ringing')} size="small" />
            <Button onClick={onAcknowledge}>Acknowledge</Button>
          </Stack>
        )}
      </CardActions>
    </Card>
  );
}

/** One order the kitchen is making: what to make and when it is due, and Complete in one tap. */
export function InProgressCard({
  order,
  shop,
  onDone,
}: {
  order: ApiOrder;
  shop: Shop;
  onDone: (o: ApiOrder, action: ApiOrder['actions'][number]) => void;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="in-progress-order" data-order-id={order.id}>
      <CardActionArea
        component={RouterLink}
        to={shopUrl(shop.id, 'orders', order.id)}
        aria-label={translate('resources.orders.board.open', { name: order.customerName })}
      >
        <OrderSummary order={order} shop={shop} lines={6} />
      </CardActionArea>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <OrderActionsBar order={order} onDone={onDone} only={['complete']} size="large" />
      </CardActions>
    </Card>
  );
}
