import { Suspense, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardActionArea, CardActions, CardContent, Chip, IconButton, Menu, Stack, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { ApiOrder } from '../../domain/orderView';
import type { Shop } from '../../domain/shop';
import { shopUrl } from '../../src/contracts/urls';
import { OverdueMarker } from '../../src/components/live/OverdueMarker';
import { CARD_LINES, cartLine, collectionLine, money, moreLines, noteLine, orderTitle, when } from './format';
import { OrderActionsBar } from './OrderActionsBar';
import { ReadyButton } from './ReadyButton';
import { useMounted } from '../../src/contracts/mounts';

/**
 * The card's More menu, last of its buttons: its entries are what other areas mount at orders.card (the catalog's
 * 'Sold out…'). The button is drawn whether or not they have loaded, so the first view's card is the console's.
 */
function CardMore({ order }: { order: ApiOrder }) {
  const translate = useTranslate();
  const mounted = useMounted('orders.card');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const items = order.cart.items.map((l) => ({ itemId: l.itemId, name: l.name }));
  return (
    <>
      <IconButton
        aria-label={translate('resources.orders.board.more', { name: order.customerName })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-part="more-menu"
        sx={{ ml: 'auto !important' }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {anchor && (
          <Suspense fallback={null}>
            {mounted.map((Mounted, i) => (
              <Mounted key={i} shopId={order.shopId} items={items} close={close} />
            ))}
          </Suspense>
        )}
      </Menu>
    </>
  );
}

/** What a card's buttons did (the spec's actions, and the kitchen's ready), for the board to place the answer. */
type OnDone = (o: ApiOrder, action: ApiOrder['actions'][number] | 'ready') => void;

/**
 * What the kitchen needs at a glance: who, how, when, what. Opening it (the detail page) acknowledges it. The parts
 * are named (data-part) for the board's first view, which fills a copy of this markup before the console runs. The
 * mobile is as stored (+61…): the first view prints it before the console's phone formats have loaded, and the card
 * must not change its lines when the console takes over (the order page shows it in the national format).
 */
function OrderSummary({ order, shop, lines }: { order: ApiOrder; shop: Shop; lines: number }) {
  return (
    <CardContent>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }} data-part="title">
          {orderTitle(order)}
        </Typography>
        <Typography variant="h6" component="p" data-part="total">
          {money(order.grandTotal, shop.country)}
        </Typography>
      </Stack>
      <Typography color="text.secondary" data-part="collection">
        {collectionLine(order, shop.timezone)}
      </Typography>
      {order.eta ? (
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-part="note">
          {noteLine(order, shop.timezone)}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary" data-part="note">
          {noteLine(order, shop.timezone)}
        </Typography>
      )}
      <OverdueMarker order={order} shopId={shop.id} />
      <Box component="ul" sx={{ pl: 2.5, my: 1 }} data-part="lines">
        {order.cart.items.slice(0, lines).map((l, i) => (
          <li key={i}>
            <Typography variant="body2">{cartLine(l)}</Typography>
          </li>
        ))}
        {order.cart.items.length > lines && (
          <Typography variant="body2" data-part="more">
            {moreLines(order.cart.items.length - lines)}
          </Typography>
        )}
      </Box>
      {order.cart.comments && (
        <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }} data-part="comments">
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
  onDone: OnDone;
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
        <OrderSummary order={order} shop={shop} lines={CARD_LINES.fresh} />
      </CardActionArea>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <OrderActionsBar order={order} onDone={onDone} only={['accept', 'reject']} size="large" />
        {ringing && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', ml: 'auto !important' }}>
            <Chip icon={<NotificationsActiveIcon />} color="error" label={translate('resources.orders.board.ringing')} size="small" />
            <Button onClick={onAcknowledge}>{translate('servery.board.acknowledge')}</Button>
          </Stack>
        )}
        <CardMore order={order} />
      </CardActions>
    </Card>
  );
}

/**
 * One order the kitchen is making: what to make and when it is due, whether it is cooking or ready, and one tap for
 * each step (Ready on a cooking order; Complete, the spec's action, stays on both).
 */
export function InProgressCard({ order, shop, onDone }: { order: ApiOrder; shop: Shop; onDone: OnDone }) {
  const translate = useTranslate();
  const ready = order.stage === 'ready';
  return (
    <Card
      variant="outlined"
      data-testid="in-progress-order"
      data-order-id={order.id}
      data-stage={ready ? 'ready' : 'cooking'}
      sx={(theme) => ({ borderColor: ready ? theme.palette.success.main : undefined, borderWidth: ready ? 2 : 1 })}
    >
      <CardActionArea
        component={RouterLink}
        to={shopUrl(shop.id, 'orders', order.id)}
        aria-label={translate('resources.orders.board.open', { name: order.customerName })}
      >
        <OrderSummary order={order} shop={shop} lines={CARD_LINES.making} />
      </CardActionArea>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {ready ? (
          <Chip
            icon={<CheckCircleIcon />}
            color="success"
            data-part="stage"
            label={translate('resources.orders.board.readySince', { time: when(order.markedReadyAt, shop.timezone) })}
          />
        ) : (
          <Chip data-part="stage" label={translate('resources.orders.board.cooking')} />
        )}
        <ReadyButton order={order} onDone={onDone} size="large" />
        <OrderActionsBar order={order} onDone={onDone} only={['complete']} size="large" />
        <CardMore order={order} />
      </CardActions>
    </Card>
  );
}

/**
 * One order for later, waiting for its time to reach the kitchen: when it is due and when the kitchen gets it. It can
 * be answered early (accepted or rejected); it still reaches the kitchen at its time.
 */
export function ScheduledCard({ order, shop, onDone }: { order: ApiOrder; shop: Shop; onDone: OnDone }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="scheduled-order" data-order-id={order.id}>
      <CardActionArea
        component={RouterLink}
        to={shopUrl(shop.id, 'orders', order.id)}
        aria-label={translate('resources.orders.board.open', { name: order.customerName })}
      >
        <OrderSummary order={order} shop={shop} lines={CARD_LINES.making} />
      </CardActionArea>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Chip
          icon={<ScheduleIcon />}
          data-part="kitchen-at"
          label={translate('resources.orders.board.kitchenAt', { time: when(order.kitchenAt, shop.timezone) })}
        />
        <OrderActionsBar order={order} onDone={onDone} only={['accept', 'reject']} />
      </CardActions>
    </Card>
  );
}
