import { Link as RouterLink } from 'react-router-dom';
import { touchLink } from '../../src/components/touch';
import { BarChart } from '@mui/x-charts/BarChart';
import { Alert, Box, Card, CardActionArea, CardContent, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useApi, useApiQuery } from '../../src/components/api';
import { showDay, showShortDay } from '../../src/components/dates';
import { Pending } from '../../src/components/Pending';
import { useShopEvents } from '../../src/components/live/useShopEvents';
import { showCount } from '../../src/components/words';
import { useShop, useShopRole } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import type { ReportsApi } from './api';
import { changeInWords, money } from './format';

/** A figure of today beside the same weekday last week, opening the page it comes from. */
function Figure({ label, value, note, to, testId }: { label: string; value: string; note: string; to: string; testId: string }) {
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', minHeight: 44 }} data-testid={testId}>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {label}
          </Typography>
          <Typography variant="h6" component="span" sx={{ display: 'block', fontWeight: 600 }} data-testid={`${testId}-value`}>
            {value}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {note}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** Today against the same weekday last week: '+50% on last week ($30.00)'; a day with none says so without a figure. */
const against = (now: number, before: number, show: (n: number) => string) =>
  before === 0 ? changeInWords(now, before) : `${changeInWords(now, before)} (${show(before)})`;

const LIVE_EVENTS = ['order.created', 'order.updated', 'booking.created', 'booking.updated'];

const GRID = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
} as const;

/**
 * The shop's home numbers on its overview: today's sales, orders and average order beside the same weekday last week,
 * the orders and bookings waiting, and the sales of the last 7 days; each opens its page. Staff without the reports
 * permission see none of it.
 */
export function TodayCard({ shopId }: { shopId: string }) {
  return useShopRole().can('reports') ? <TodayFigures shopId={shopId} /> : null;
}

function TodayFigures({ shopId }: { shopId: string }) {
  const api = useApi<ReportsApi>();
  const { shop } = useShop();
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.reports.today.${key}`, options);
  const today = useApiQuery({ queryKey: ['reports', shopId, 'today'], queryFn: () => api.reportToday(shopId), refetchInterval: 60_000 });
  // An order or a booking that comes in or is acted on moves the figures: read them again then, not a minute later.
  const reread = () => void today.refetch();
  useShopEvents(shopId, LIVE_EVENTS, reread, reread);
  const m = (units: number) => money(units, shop.country);
  const report = shopUrl(shopId, 'orders/report');
  const d = today.data;
  const week = d?.week ?? [];
  const weekTotal = week.reduce((s, w) => s + w.sales, 0);
  return (
    <Card variant="outlined" component="section" aria-labelledby="today-title" data-testid="today-card">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
          <Typography variant="h6" component="h2" id="today-title">
            {t('title')}
          </Typography>
          <Link component={RouterLink} to={report} sx={touchLink}>
            {t('report')}
          </Link>
        </Stack>
        {today.isPending ? (
          <Pending py={3} />
        ) : today.error || !d ? (
          <Alert severity="warning">{today.error?.message ?? t('unavailable')}</Alert>
        ) : (
          <>
            <Box sx={GRID}>
              <Figure
                label={t('sales')}
                testId="today-sales"
                value={m(d.today.sales)}
                note={against(d.today.sales, d.sameDayLastWeek.sales, m)}
                to={report}
              />
              <Figure
                label={t('orders')}
                testId="today-orders"
                value={showCount(d.today.orders)}
                note={against(d.today.orders, d.sameDayLastWeek.orders, showCount)}
                to={shopUrl(shopId, 'orders/history')}
              />
              <Figure
                label={t('average')}
                testId="today-average"
                value={m(d.today.average)}
                note={against(d.today.average, d.sameDayLastWeek.average, m)}
                to={report}
              />
              <Figure
                label={t('newOrders')}
                testId="waiting-orders"
                value={showCount(d.waiting.newOrders)}
                note={d.waiting.newOrders ? t('waiting') : t('noneWaiting')}
                to={shopUrl(shopId, 'orders/dashboard')}
              />
              <Figure
                label={t('newBookings')}
                testId="waiting-bookings"
                value={showCount(d.waiting.newBookings)}
                note={d.waiting.newBookings ? t('waiting') : t('noneWaiting')}
                to={shopUrl(shopId, 'bookings/dashboard')}
              />
            </Box>
            {/* Said only when a figure carries last week's in brackets (a day with none there has none). */}
            {(['sales', 'orders', 'average'] as const).some((k) => d.sameDayLastWeek[k] !== 0) && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="today-compared">
                {t('compared')}
              </Typography>
            )}
            <Box sx={{ mt: 2 }}>
              <Typography variant="subtitle2" component="h3" id="week-title">
                {t('week')}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" id="week-summary" data-testid="week-summary">
                {week.length
                  ? t('weekSummary', { total: m(weekTotal), from: showDay(week[0].date), to: showDay(week[week.length - 1].date) })
                  : t('weekNone')}
              </Typography>
              <Box role="img" aria-labelledby="week-title" aria-describedby="week-summary" sx={{ width: '100%', height: 200, minWidth: 0 }}>
                <BarChart
                  skipAnimation
                  height={200}
                  hideLegend
                  margin={{ left: 0, right: 8 }}
                  xAxis={[{ scaleType: 'band', data: week.map((w) => showShortDay(w.date)) }]}
                  yAxis={[{ width: 52, valueFormatter: (v: number) => m(v).replace(/\.00$/, '') }]}
                  series={[{ data: week.map((w) => w.sales), label: t('series'), color: '#1d4ed8', valueFormatter: (v) => m(v ?? 0) }]}
                />
              </Box>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
