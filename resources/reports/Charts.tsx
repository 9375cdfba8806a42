import { useId, type ReactNode } from 'react';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { paymentLabel } from '../../domain/orderView';
import { showDay, showShortDay } from '../../src/components/dates';
import { showCount } from '../../src/components/words';
import { hourLabel, money } from './format';
import type { ItemFigures, OrdersSummary } from './types';

/** Read out by screen readers, not shown. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * A chart with its title, a one-line summary (the chart's accessible description) and the same figures as a table for
 * screen readers: the drawing itself is one image to them.
 */
function ChartCard({
  title,
  summary,
  head,
  rows,
  height = 260,
  testId,
  children,
}: {
  title: string;
  summary: string;
  head: string[];
  rows: (string | number)[][];
  height?: number;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }} data-testid={testId}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography component="h3" variant="subtitle1" id={`${id}-title`} sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary" id={`${id}-summary`} component="p" data-testid={`${testId}-summary`}>
          {summary}
        </Typography>
        <Box role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} sx={{ width: '100%', height, minWidth: 0 }}>
          {children}
        </Box>
        {/* A table is never narrower than its content: the clip goes on a box around it. */}
        <Box sx={visuallyHidden}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {head.map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r, i) => (
                <TableRow key={i}>
                  {r.map((c, j) => (
                    <TableCell key={j}>{c}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } } as const;
const COLORS = ['#1d4ed8', '#15803d', '#b45309', '#7c3aed'];

/** Every few ticks on a long axis, so the labels never overlap on a phone. */
const every = (count: number, most: number) => (_v: unknown, i: number) => i % Math.max(1, Math.ceil(count / most)) === 0;

/** The orders report's charts: sales per day, orders by hour of day, the top 10 items both ways, and the payment mix. */
export function ReportCharts({ summary, country }: { summary: OrdersSummary; country: string }) {
  const m = (units: number) => money(units, country);
  const days = summary.days ?? [];
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: summary.hours?.find((h) => h.hour === hour)?.orders ?? 0 }));
  const busiest = hours.reduce((a, b) => (b.orders > a.orders ? b : a), hours[0]);
  const best = days.reduce<(typeof days)[number] | null>((a, b) => (!a || b.gross > a.gross ? b : a), null);
  const mix = (summary.paymentMix ?? []).filter((p) => p.orders > 0 || p.gross > 0);
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`resources.reports.charts.${key}`, options);
  return (
    <Box sx={GRID}>
      <ChartCard
        title={t('days.title')}
        testId="chart-days"
        summary={best ? t('days.summary', { smart_count: days.length, day: showDay(best.date), gross: m(best.gross) }) : t('days.none')}
        head={[t('head.day'), t('head.orders'), t('head.gross'), t('head.net')]}
        rows={days.map((d) => [showDay(d.date), d.orders, m(d.gross), m(d.net)])}
      >
        <BarChart
          skipAnimation
          height={260}
          hideLegend
          margin={{ left: 0, right: 8 }}
          xAxis={[{ scaleType: 'band', data: days.map((d) => showShortDay(d.date)), tickLabelInterval: every(days.length, 7) }]}
          yAxis={[{ width: 56, valueFormatter: (v: number) => m(v).replace(/\.00$/, '') }]}
          series={[{ data: days.map((d) => d.gross), label: t('days.series'), color: COLORS[0], valueFormatter: (v) => m(v ?? 0) }]}
        />
      </ChartCard>
      <ChartCard
        title={t('hours.title')}
        testId="chart-hours"
        summary={
          busiest.orders > 0 ? t('hours.summary', { hour: hourLabel(busiest.hour), orders: showCount(busiest.orders) }) : t('hours.none')
        }
        head={[t('head.hour'), t('head.orders')]}
        rows={hours.map((h) => [hourLabel(h.hour), h.orders])}
      >
        <BarChart
          skipAnimation
          height={260}
          hideLegend
          margin={{ left: 0, right: 8 }}
          xAxis={[{ scaleType: 'band', data: hours.map((h) => hourLabel(h.hour)), tickLabelInterval: every(24, 6) }]}
          yAxis={[{ width: 40, tickMinStep: 1 }]}
          series={[{ data: hours.map((h) => h.orders), label: t('hours.series'), color: COLORS[1] }]}
        />
      </ChartCard>
      <TopItemsChart
        title={t('topQuantity')}
        testId="chart-top-quantity"
        items={summary.topItems?.byQuantity ?? []}
        value={(i) => i.quantity}
        show={(v) => showCount(v)}
        m={m}
      />
      <TopItemsChart
        title={t('topRevenue')}
        testId="chart-top-revenue"
        items={summary.topItems?.byRevenue ?? []}
        value={(i) => i.revenue}
        show={m}
        m={m}
      />
      <ChartCard
        title={t('mix.title')}
        testId="chart-payment-mix"
        summary={
          mix
            .map((p) => t('mix.part', { payment: paymentLabel(p.paymentType), orders: showCount(p.orders), gross: m(p.gross) }))
            .join('; ') || t('mix.none')
        }
        head={[t('head.payment'), t('head.orders'), t('head.gross')]}
        rows={mix.map((p) => [paymentLabel(p.paymentType), p.orders, m(p.gross)])}
        height={220}
      >
        <PieChart
          skipAnimation
          height={220}
          series={[
            {
              data: mix.map((p, i) => ({
                id: p.paymentType,
                value: p.gross,
                label: paymentLabel(p.paymentType),
                color: COLORS[i % COLORS.length],
              })),
              innerRadius: 40,
              valueFormatter: (v) => m(v.value),
            },
          ]}
        />
      </ChartCard>
    </Box>
  );
}

function TopItemsChart({
  title,
  testId,
  items,
  value,
  show,
  m,
}: {
  title: string;
  testId: string;
  items: ItemFigures[];
  value: (i: ItemFigures) => number;
  show: (v: number) => string;
  m: (v: number) => string;
}) {
  const translate = useTranslate();
  const top = items.slice(0, 10);
  const short = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);
  return (
    <ChartCard
      title={title}
      testId={testId}
      summary={
        top.length
          ? translate('resources.reports.charts.top.summary', { name: top[0].name, value: show(value(top[0])) })
          : translate('resources.reports.charts.top.none')
      }
      head={['item', 'quantity', 'revenue'].map((h) => translate(`resources.reports.charts.head.${h}`))}
      rows={top.map((i) => [i.name, i.quantity, m(i.revenue)])}
      height={Math.max(120, top.length * 30 + 40)}
    >
      <BarChart
        skipAnimation
        height={Math.max(120, top.length * 30 + 40)}
        layout="horizontal"
        hideLegend
        margin={{ left: 0, right: 28 }}
        // Bands by position, so two names cut to the same text stay two bars.
        yAxis={[
          {
            scaleType: 'band',
            data: top.map((_, i) => i),
            valueFormatter: (i: number, ctx: { location: string }) =>
              ctx.location === 'tick' ? short(top[i]?.name ?? '') : (top[i]?.name ?? ''),
            width: 104,
          },
        ]}
        xAxis={[{ valueFormatter: (v: number) => show(v).replace(/\.00$/, ''), tickNumber: 3 }]}
        series={[{ data: top.map(value), label: title, color: COLORS[2], valueFormatter: (v) => show(v ?? 0) }]}
      />
    </ChartCard>
  );
}
