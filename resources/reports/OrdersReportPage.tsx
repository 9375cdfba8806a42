import { useMemo, useState } from 'react';
import { Alert, Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import InsightsIcon from '@mui/icons-material/Insights';
import { useTranslate } from 'react-admin';
import { ORDER_RANGES } from '../../domain/shopRanges';
import { useApi, useApiQuery } from '../../src/components/api';
import { CsvButton } from '../../src/components/CsvButton';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { AsOf } from './AsOf';
import { RangePicker, rangeInstants, shopToday, type RangeChoice } from '../../src/components/RangePicker';
import { TimesIn } from '../../src/components/TimesIn';
import { showCount } from '../../src/components/words';
import { useShop } from '../../src/contracts/shopContext';
import type { ReportsApi } from './api';
import { ReportCharts } from './Charts';
import { money, splitRows, type SplitRow } from './format';
import { Tiles } from './Tiles';
import type { OrdersSummary } from './types';

/**
 * orders/report: what the shop sold in a range of its own days (accepted and completed orders only): the tiles, the
 * splits by payment and by collection, the charts, and the same orders as a CSV.
 */
export function OrdersReportPage() {
  const api = useApi<ReportsApi>();
  const { shop } = useShop();
  const translate = useTranslate();
  const today = shopToday(new Date(), shop.timezone);
  const [choice, setChoice] = useState<RangeChoice>({ range: 'TODAY', from: `${today.slice(0, 8)}01`, to: today });
  const { from, to } = useMemo(() => rangeInstants(choice, new Date(), shop.timezone), [choice, shop.timezone]);
  const summary = useApiQuery({
    queryKey: ['reports', shop.id, 'orders', from, to],
    queryFn: () => api.reportOrdersSummary(shop.id, from, to),
  });
  const data = summary.data;
  return (
    <Box sx={{ maxWidth: 1200, minWidth: 0 }}>
      <PageHeader
        inShop
        title={translate('resources.reports.orders.title')}
        subtitle={translate('resources.reports.orders.subtitle')}
        actions={<CsvButton download={() => api.reportOrdersCsv(shop.id, from, to)} />}
      />
      <RangePicker ranges={ORDER_RANGES} value={choice} onChange={setChoice} />
      <TimesIn zone={shop.timezone} />
      {summary.isPending ? (
        <Pending />
      ) : summary.error ? (
        <Alert severity="error">{summary.error.message}</Alert>
      ) : data ? (
        <ReportBody data={data} country={shop.country} />
      ) : null}
    </Box>
  );
}

function ReportBody({ data, country }: { data: OrdersSummary; country: string }) {
  const translate = useTranslate();
  const m = (units: number) => money(units, country);
  const figures = [
    { key: 'orders', value: showCount(data.orders) },
    { key: 'gross', value: m(data.gross) },
    { key: 'average', value: m(data.averageOrder) },
    { key: 'delivery', value: m(data.deliveryCharges) },
    { key: 'discounts', value: m(data.discounts) },
    { key: 'loyalty', value: m(data.loyaltyDiscounts) },
    { key: 'surcharges', value: m(data.creditCardSurcharges) },
    { key: 'refunds', value: m(data.refunds) },
    { key: 'net', value: m(data.net) },
  ];
  const tiles = figures.map((f) => ({ ...f, label: translate(`resources.reports.orders.tiles.${f.key}`) }));
  return (
    <>
      <AsOf asOf={data.asOf} />
      <Tiles tiles={tiles} label={translate('resources.reports.totals')} />
      {data.orders === 0 && data.refunds === 0 ? (
        <Card variant="outlined" data-testid="report-empty">
          <EmptyState icon={<InsightsIcon />} text={translate('resources.reports.orders.empty')} />
        </Card>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
            <SplitCard
              title={translate('resources.reports.orders.byPayment')}
              testId="split-payment"
              rows={splitRows(data.byPaymentType, 'payment')}
              m={m}
            />
            <SplitCard
              title={translate('resources.reports.orders.byCollection')}
              testId="split-collection"
              rows={splitRows(data.byCollectionType, 'collection')}
              m={m}
            />
          </Box>
          <ReportCharts summary={data} country={country} />
        </>
      )}
    </>
  );
}

function SplitCard({ title, rows, m, testId }: { title: string; rows: SplitRow[]; m: (u: number) => string; testId: string }) {
  const translate = useTranslate();
  const total = rows.reduce((s, r) => s + r.gross, 0);
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.reports.orders.split.type')}</TableCell>
              <TableCell align="right">{translate('resources.reports.orders.split.orders')}</TableCell>
              <TableCell align="right">{translate('resources.reports.orders.split.gross')}</TableCell>
              <TableCell align="right">{translate('resources.reports.orders.split.share')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key} data-testid={`${testId}-${r.key}`}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {r.label}
                </TableCell>
                <TableCell align="right">{showCount(r.orders)}</TableCell>
                <TableCell align="right">{m(r.gross)}</TableCell>
                <TableCell align="right">{total > 0 ? `${Math.round((r.gross / total) * 100)}%` : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
