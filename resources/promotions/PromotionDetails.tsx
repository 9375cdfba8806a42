import { Box, Typography } from '@mui/material';
import { formatMoney, toCents } from '../../domain/money';
import type { Promotion } from '../../domain/promotion';
import { dowLabel } from '../../domain/weekdays';
import { showDay } from '../../src/components/dates';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** What a coupon's Details column says (spec 3 §2.4), one line each. */
function promotionDetails(p: Promotion, country: string): [string, string][] {
  const money = (units: number) => formatMoney(toCents(units), country);
  // An order amount of 0 means every order.
  const over = (units: number) => (units > 0 ? `orders over ${money(units)}` : 'every order');
  const amounts: [string, string][] =
    p.type === 'FLAT_AMOUNT_DISCOUNT'
      ? [['Discount', `${money(p.flatAmountDiscount.discountAmount)} off ${over(p.flatAmountDiscount.applicableOverAmount)}`]]
      : p.type === 'FLAT_PERCENTAGE_DISCOUNT'
        ? [['Discount', `${p.flatPercentageDiscount.discountPercentage}% off ${over(p.flatPercentageDiscount.applicableOverAmount)}`]]
        : [['Discount', `Free delivery on ${over(p.freeDelivery.applicableOverAmount)}`]];
  return [
    ['Dates', `${showDay(p.startDate)} to ${showDay(p.endDate)}`],
    ['Max Redeems', p.maxRedeems === 0 ? 'Unlimited' : String(p.maxRedeems)],
    ['Exclusive', yesNo(p.exclusive)],
    ['First Order Discount', yesNo(p.firstOrderDiscount)],
    ['Days', p.dows.length === 0 || p.dows.length === 7 ? 'All Days' : p.dows.map(dowLabel).join(', ')],
    ['Collection Type', p.collectionType === 'PICKUP' ? 'Pickup only' : p.collectionType === 'DELIVERY' ? 'Delivery only' : 'All'],
    ...amounts,
  ];
}

export function PromotionDetails({ promotion, country }: { promotion: Promotion; country: string }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, fontSize: 14 }}>
      {promotionDetails(promotion, country).map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
