import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import type { ApiOrder } from '../../domain/orderView';

function Line({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(`resources.orders.loyalty.${label}`)}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

/**
 * The order's loyalty lines among its payment figures: the reward taken off the cart, and what the order did to the
 * customer's card (a stamp toward the reward, or the reward redeemed). Nothing when the program was off.
 */
export function OrderLoyalty({ order, money }: { order: ApiOrder; money: (units: number) => string }) {
  const translate = useTranslate();
  const { cart, loyalty } = order;
  const discount = cart.loyaltyDiscount;
  let card: string | null = null;
  if (loyalty?.effect === 'REDEEM') card = translate('resources.orders.loyalty.redeemed', { amount: money(loyalty.amount) });
  else if (loyalty?.effect === 'STAMP')
    card =
      translate('resources.orders.loyalty.stamped', { stamps: loyalty.stamps, count: loyalty.count }) +
      (loyalty.rewardReady ? ` · ${translate('resources.orders.loyalty.rewardReady')}` : '');
  else if (loyalty) card = translate('resources.orders.loyalty.progress', { stamps: loyalty.stamps, count: loyalty.count });
  return (
    <>
      {discount > 0 && (
        <Line label="discount" testId="order-loyalty-discount">
          {money(discount)}
        </Line>
      )}
      {card && (
        <Line label="card" testId="order-loyalty">
          {card}
        </Line>
      )}
    </>
  );
}
