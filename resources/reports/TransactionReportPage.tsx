import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { TZDate } from '@date-fns/tz';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useApi, useApiQuery } from '../../src/components/api';
import { CsvButton } from '../../src/components/CsvButton';
import { showDateTime, showDay } from '../../src/components/dates';
import { EmptyState, PageHeader } from '../../src/components/PageHeader';
import { Pending } from '../../src/components/Pending';
import { ResponsiveTable } from '../../src/components/ResponsiveTable';
import { AsOf } from './AsOf';
import { RangePicker, shopToday, type RangeChoice } from '../../src/components/RangePicker';
import { TimesIn } from '../../src/components/TimesIn';
import { codeInWords } from '../../src/components/words';
import { useShop } from '../../src/contracts/shopContext';
import { shopUrl } from '../../src/contracts/urls';
import type { ReportsApi, TransactionRangeParams } from './api';
import { money } from './format';
import { Tiles } from './Tiles';
import {
  SALES_RANGE_LABELS,
  SALES_RANGES,
  type ReconciledPayout,
  type TransactionReportDay,
  type SalesRange,
  type TransactionReport,
} from './types';

/** A range's edge as a calendar day of the shop: the API may give days or instants. */
const dayOf = (value: string, timeZone: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : new TZDate(Date.parse(value), timeZone).toISOString().slice(0, 10);

/**
 * transactions: what the shop sold in a range and what it will be paid for it: sales, the tax they include, the card
 * and transaction fees, refunds and the net payout, a row per day, the CSV, and each payout of the range with the
 * orders it paid, so a bank deposit can be matched line by line.
 */
export function TransactionReportPage() {
  const api = useApi<ReportsApi>();
  const { shop } = useShop();
  const translate = useTranslate();
  const today = shopToday(new Date(), shop.timezone);
  const [choice, setChoice] = useState<RangeChoice<SalesRange>>({ range: 'WEEK', from: `${today.slice(0, 8)}01`, to: today });
  const params: TransactionRangeParams = choice.range === 'CUSTOM' ? choice : { range: choice.range };
  const summary = useApiQuery({
    queryKey: ['reports', shop.id, 'sales', params],
    queryFn: () => api.transactionReportSummary(shop.id, params),
  });
  return (
    <Box sx={{ maxWidth: 1200, minWidth: 0 }}>
      <PageHeader
        inShop
        title={translate('resources.reports.transactions.title')}
        subtitle={translate('resources.reports.transactions.subtitle')}
        actions={<CsvButton download={() => api.transactionReportCsv(shop.id, params)} />}
      />
      <RangePicker ranges={SALES_RANGES} labels={SALES_RANGE_LABELS} value={choice} onChange={setChoice} />
      <TimesIn zone={shop.timezone} />
      {summary.isPending ? (
        <Pending />
      ) : summary.error ? (
        <Alert severity="error">{summary.error.message}</Alert>
      ) : summary.data ? (
        <>
          <TransactionReportBody data={summary.data} country={shop.country} timeZone={shop.timezone} />
          <Payouts from={dayOf(summary.data.from, shop.timezone)} to={dayOf(summary.data.to, shop.timezone)} />
        </>
      ) : null}
    </Box>
  );
}

/** The tax tile: the tax the sales include under its country's name, or that prices do not include it. */
function taxTile(data: TransactionReport, m: (u: number) => string, t: Words) {
  const included = data.gst !== null && data.gst !== undefined && !/not included/i.test(data.taxLabel ?? '');
  return {
    key: 'tax',
    label: included ? t('taxIncluded', { tax: data.taxLabel }) : t('tax'),
    value: included ? m(data.gst ?? 0) : data.taxLabel || t('taxNotIncluded'),
  };
}

type Words = (key: string, options?: object) => string;

/** The transaction report's words, by their key under resources.reports.transactions. */
function useWords(): Words {
  const translate = useTranslate();
  return (key, options) => translate(`resources.reports.transactions.${key}`, options);
}

function TransactionReportBody({ data, country, timeZone }: { data: TransactionReport; country: string; timeZone: string }) {
  const translate = useTranslate();
  const t = useWords();
  const m = (units: number | undefined) => money(units ?? 0, country);
  const tiles = [
    { key: 'sales', label: t('sales'), value: m(data.total) },
    taxTile(data, m, t),
    { key: 'card-fees', label: t('cardFees'), value: m(data.creditCardFees) },
    { key: 'transaction-fees', label: t('transactionFees'), value: m(data.transactionFees) },
    { key: 'refunds', label: t('refunds'), value: m(data.refunds) },
    { key: 'net-payout', label: t('netPayout'), value: m(data.netPayout) },
  ];
  const withTax = data.gst !== null && data.gst !== undefined && !/not included/i.test(data.taxLabel ?? '');
  const days = (data.days ?? []).filter((d) => d.total || d.refunds || d.creditCardFees || d.transactionFees);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="sales-range">
        {t('range', { from: showDay(dayOf(data.from, timeZone)), to: showDay(dayOf(data.to, timeZone)) })}
      </Typography>
      <AsOf asOf={data.asOf} />
      <Tiles tiles={tiles} label={translate('resources.reports.totals')} />
      <Typography variant="h6" component="h2" sx={{ mt: 1, mb: 1 }}>
        {t('dayByDay')}
      </Typography>
      {days.length === 0 ? (
        <Card variant="outlined" data-testid="sales-empty">
          <EmptyState icon={<ReceiptLongIcon />} text={t('empty')} />
        </Card>
      ) : (
        <Card variant="outlined" sx={{ mb: 3 }}>
          <ResponsiveTable<TransactionReportDay>
            aria-label={t('perDay')}
            testId="sales-day"
            rows={days}
            rowKey={(d) => d.date}
            columns={[
              { label: t('day'), primary: true, render: (d) => showDay(d.date) },
              { label: t('sales'), render: (d) => m(d.total) },
              ...(withTax
                ? [{ label: data.taxLabel, render: (d: TransactionReportDay) => (d.gst === undefined || d.gst === null ? '—' : m(d.gst)) }]
                : []),
              { label: t('cardFees'), render: (d) => m(d.creditCardFees) },
              { label: t('transactionFees'), render: (d) => m(d.transactionFees) },
              { label: t('refunds'), render: (d) => m(d.refunds) },
              { label: t('netPayout'), render: (d) => m(d.netPayout) },
            ]}
          />
        </Card>
      )}
    </>
  );
}

const STATUS_COLOR: Record<string, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  paid: 'success',
  in_transit: 'info',
  pending: 'warning',
  failed: 'error',
};

/** The shop has no payment account yet: nothing was paid out, which is not a failure. */
const notConnected = (error: unknown) => (error as { body?: { code?: string } } | null)?.body?.code === 'STRIPE_NOT_CONNECTED';

/** The range's payouts, each opening to the orders it paid and what does not match them. */
function Payouts({ from, to }: { from: string; to: string }) {
  const api = useApi<ReportsApi>();
  const { shop } = useShop();
  const t = useWords();
  const m = (units: number) => money(units, shop.country);
  // A failure is said in place, under the heading, rather than also as a toast.
  const payouts = useQuery({
    retry: false,
    queryKey: ['reports', shop.id, 'payouts', from, to],
    queryFn: () => api.reportPayouts(shop.id, from, to),
  });
  return (
    <Box component="section" aria-labelledby="payouts-title" sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2" id="payouts-title">
        {t('payouts.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('payouts.explain')}
      </Typography>
      {payouts.isPending ? (
        <Pending py={4} />
      ) : notConnected(payouts.error) ? (
        <Alert
          severity="info"
          data-testid="payouts-not-connected"
          action={
            <Button
              component={RouterLink}
              to={shopUrl(shop.id, 'payments/stripe')}
              color="inherit"
              size="small"
              sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
            >
              {t('payouts.account')}
            </Button>
          }
        >
          {t('payouts.notConnected')}
        </Alert>
      ) : payouts.error ? (
        <Alert severity="warning">{payouts.error.message}</Alert>
      ) : (payouts.data ?? []).length === 0 ? (
        <Card variant="outlined" data-testid="payouts-empty">
          <EmptyState icon={<ReceiptLongIcon />} text={t('payouts.none')} />
        </Card>
      ) : (
        (payouts.data ?? []).map((p) => <PayoutRow key={p.id} payout={p} m={m} />)
      )}
    </Box>
  );
}

function PayoutRow({ payout: p, m }: { payout: ReconciledPayout; m: (u: number) => string }) {
  const { shop } = useShop();
  const t = useWords();
  const matched = Math.round(p.difference * 100) === 0;
  return (
    <Accordion variant="outlined" disableGutters data-testid="payout" slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ minHeight: 56 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 0.5, sm: 2 }, width: '100%', alignItems: { sm: 'center' }, pr: 1 }}>
          <Typography sx={{ fontWeight: 600, minWidth: 110 }}>{m(p.amount)}</Typography>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {t('payouts.arrives', { day: showDay(p.arrivalDate.slice(0, 10)), smart_count: p.orders.length })}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Chip size="small" label={codeInWords(p.status)} color={STATUS_COLOR[p.status] ?? 'default'} />
            <Chip
              size="small"
              variant="outlined"
              color={matched ? 'success' : 'warning'}
              label={matched ? t('payouts.matches') : t('payouts.difference', { amount: m(p.difference) })}
              data-testid="payout-difference"
            />
          </Stack>
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 1, sm: 2 }, overflowX: 'auto' }}>
        <Table size="small" aria-label={t('payouts.ordersOf', { amount: m(p.amount) })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('payouts.order')}</TableCell>
              <TableCell align="right">{t('payouts.amount')}</TableCell>
              <TableCell align="right">{t('payouts.fee')}</TableCell>
              <TableCell align="right">{t('payouts.net')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {p.orders.map((o) => (
              <TableRow key={o.orderId}>
                <TableCell>
                  <Link component={RouterLink} to={shopUrl(shop.id, 'orders', o.orderId)} sx={{ display: 'inline-block', py: 1 }}>
                    {o.number ? `#${o.number}` : t('payouts.order')} · {showDateTime(o.placedAt, shop.timezone)}
                  </Link>
                </TableCell>
                <TableCell align="right">{m(o.amount)}</TableCell>
                <TableCell align="right">{m(o.fee)}</TableCell>
                <TableCell align="right">{m(o.net)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" colSpan={3} sx={{ fontWeight: 600 }}>
                {t('payouts.ordersNet')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {m(p.ordersNet)}
              </TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row" colSpan={3} sx={{ fontWeight: 600 }}>
                {t('payouts.payout')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {m(p.amount)}
              </TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row" colSpan={3} sx={{ fontWeight: 600 }}>
                {t('payouts.differenceRow')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, color: matched ? undefined : 'warning.dark' }}>
                {m(p.difference)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </AccordionDetails>
    </Accordion>
  );
}
