import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardActionArea, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import type { ApiOrder } from '../../domain/orderView';
import { paymentLabel } from '../../domain/orderView';
import type { Shop } from '../../domain/shop';
import { shopUrl } from '../../src/contracts/urls';
import { collectionLabel, money, when } from './format';

/** One NEW order on the board: what the kitchen needs at a glance; opening it (the detail page) acknowledges it. */
export function OrderCard({
  order,
  shop,
  ringing,
  onAcknowledge,
}: {
  order: ApiOrder;
  shop: Shop;
  ringing: boolean;
  onAcknowledge: () => void;
}) {
  const translate = useTranslate();
  const items = order.cart.items.reduce((n, l) => n + l.quantity, 0);
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
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {order.cart.collectionName ?? order.customerName}
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
          <Typography variant="body2" color="text.secondary">
            Placed {when(order.placedAt, shop.timezone)} · {order.mobile}
          </Typography>
          <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
            {order.cart.items.slice(0, 4).map((l, i) => (
              <li key={i}>
                <Typography variant="body2">
                  {l.quantity} × {l.name}
                  {l.summary ? ` (${l.summary})` : ''}
                </Typography>
              </li>
            ))}
            {order.cart.items.length > 4 && <Typography variant="body2">and {order.cart.items.length - 4} more…</Typography>}
          </Box>
        </CardContent>
      </CardActionArea>
      {ringing && (
        <CardActions>
          <Chip icon={<NotificationsActiveIcon />} color="error" label={translate('resources.orders.board.ringing')} size="small" />
          <Button size="small" onClick={onAcknowledge}>
            Acknowledge
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
