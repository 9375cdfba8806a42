import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { formatDateTime } from '../../domain/dates';
import { shopUrl } from '../../src/contracts/urls';
import type { RedeemedCard } from '../../domain/loyaltyCard';

/**
 * One redeemed card: when (the shop's clock), who, the reward and the order it came off, then the stamped orders
 * that filled the card, each opening its order.
 */
export function RedemptionCard({
  card,
  shopId,
  timeZone,
  money,
}: {
  card: RedeemedCard;
  shopId: string;
  timeZone: string;
  money: (units: number) => string;
}) {
  const translate = useTranslate();
  const orderUrl = (orderId: string) => shopUrl(shopId, 'orders', orderId);
  const titleId = `redemption-${card.id}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} data-testid="redemption">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {formatDateTime(card.redeemedTime, timeZone)}
            </Typography>
            <Link href={`tel:${card.mobile}`} sx={{ overflowWrap: 'anywhere' }}>
              {card.mobile}
            </Link>
          </Box>
          <Box sx={{ textAlign: { sm: 'right' } }}>
            <Typography variant="body2" color="text.secondary">
              {translate('resources.loyalty.card.reward')}
            </Typography>
            <Typography sx={{ fontSize: 20, fontWeight: 700 }} data-testid="redemption-amount">
              {money(card.amount)}
            </Typography>
            <Link component={RouterLink} to={orderUrl(card.orderId)} variant="body2">
              {translate('resources.loyalty.card.redeemedOn')}
            </Link>
          </Box>
        </Stack>
        <Typography variant="body2" component="h4" color="text.secondary" sx={{ mt: 2, mb: 0.5 }}>
          {translate('resources.loyalty.card.stampedOrders')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {card.rewards.map((r) => (
            <Box component="li" key={r.orderId} data-testid="stamped-order">
              <Link component={RouterLink} to={orderUrl(r.orderId)}>
                {translate('resources.loyalty.card.order', { time: formatDateTime(r.orderTime, timeZone) })}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {translate('resources.loyalty.card.orderTotal')} {money(r.grandTotal)} · {translate('resources.loyalty.card.worth')}{' '}
                {money(r.amount)}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
