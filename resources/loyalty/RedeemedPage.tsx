import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Alert, Box, Pagination, Stack, Typography } from '@mui/material';
import RedeemIcon from '@mui/icons-material/Redeem';
import { timesIn } from '../../domain/dates';
import { messages } from '../../domain/messages';
import { formatMoney, toCents } from '../../domain/money';
import {
  currentMonth,
  DEFAULT_LOYALTY_RANGE,
  LOYALTY_RANGE_LABELS,
  LOYALTY_RANGES,
  loyaltyRange,
  type LoyaltyRange,
} from '../../domain/shopRanges';
import { useShop } from '../../src/contracts/shopContext';
import { useApi, useApiQuery, useReportedError } from '../../src/components/api';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import type { LoyaltyApi } from './api';
import { NotEnabled } from './NotEnabled';
import { ProgramGlance } from './ProgramGlance';
import { RangePicker } from '../../src/components/RangePicker';
import { RedemptionCard } from './RedemptionCard';
import type { RedeemedCard } from '../../domain/loyaltyCard';

const PER_PAGE = 20;

/** The range and, for YEAR_MONTH, the month ('YYYY-MM'); nothing is asked of the server until Submit. */
interface RangeChoice {
  range: LoyaltyRange;
  month: string;
}

/** The instants a submitted choice covers, taken when it is submitted (TODAY means the day it is then). */
const filterOf = ({ range, month }: RangeChoice, timeZone: string) => {
  const { gte, lte } = loyaltyRange(range, new Date(), timeZone, month);
  return { redeemedTime_gte: gte, redeemedTime_lte: lte };
};

/**
 * loyalty_cards/redeemed: the cards customers redeemed in a range on the shop's clock (this month by default), newest
 * first, beside the program at a glance; with the program off, where to turn it on.
 */
export function RedeemedPage() {
  const translate = useTranslate();
  const { shop } = useShop();
  const api = useApi<LoyaltyApi>();
  const [initial] = useState<RangeChoice>(() => ({ range: DEFAULT_LOYALTY_RANGE, month: currentMonth(new Date(), shop.timezone) }));
  const [filter, setFilter] = useState(() => filterOf(initial, shop.timezone));
  const [page, setPage] = useState(1);
  const summary = useApiQuery({
    queryKey: ['shops', shop.id, 'loyalty_cards', 'summary'],
    queryFn: () => api.getLoyaltySummary(shop.id),
  });
  const enabled = summary.data?.enabled === true;
  const list = useGetList<RedeemedCard>(
    'loyalty_cards/redeemed',
    { filter, sort: { field: 'redeemedTime', order: 'DESC' }, pagination: { page, perPage: PER_PAGE }, meta: { shopId: shop.id } },
    { enabled },
  );
  // A list that cannot be read is a toast and an empty list, as every list of the console does.
  useReportedError(list.error);
  const money = (units: number) => formatMoney(toCents(units), shop.country);
  const submit = (choice: RangeChoice) => {
    setFilter(filterOf(choice, shop.timezone));
    setPage(1);
  };

  let body;
  if (summary.isPending) body = <Pending />;
  else if (summary.error) body = <Alert severity="error">{summary.error.message}</Alert>;
  else if (!enabled) body = <NotEnabled shopId={shop.id} />;
  else
    body = (
      <>
        <RangePicker
          ranges={LOYALTY_RANGES}
          labels={LOYALTY_RANGE_LABELS}
          value={initial}
          onChange={submit}
          label={translate('resources.loyalty.range')}
          monthLabel={translate('resources.loyalty.month')}
          custom={{ range: 'YEAR_MONTH', kind: 'month' }}
          submit={translate('resources.loyalty.submit')}
          width={240}
        />
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 280px' }, alignItems: 'start' }}
        >
          <Box component="section" aria-labelledby="loyalty-list-title" sx={{ minWidth: 0 }}>
            <Typography id="loyalty-list-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              {translate('resources.loyalty.list')}
            </Typography>
            {list.isPending && !list.error ? (
              <Pending />
            ) : !list.data?.length ? (
              <EmptyState icon={<RedeemIcon />} text={messages.noCardsRedeemed} />
            ) : (
              <Stack sx={{ gap: 1.5 }}>
                {list.data.map((card) => (
                  <RedemptionCard key={card.id} card={card} shopId={shop.id} timeZone={shop.timezone} money={money} />
                ))}
                {(list.total ?? 0) > PER_PAGE && (
                  <Pagination count={Math.ceil((list.total ?? 0) / PER_PAGE)} page={page} onChange={(_, p) => setPage(p)} />
                )}
              </Stack>
            )}
          </Box>
          <ProgramGlance summary={summary.data} money={money} />
        </Box>
      </>
    );

  return (
    <>
      <PageHeader inShop title={translate('resources.loyalty.title')} subtitle={timesIn(shop.timezone)} />
      {body}
    </>
  );
}
