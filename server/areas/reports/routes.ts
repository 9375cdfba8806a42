import { z } from 'zod';
import { stringify } from 'csv-stringify';
import { Transform, pipeline } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopParams } from '../../infra/http/params';
import { csvResponse } from '../../infra/http/schemas';
import { badRequest } from '../../infra/http/errors';
import { formulaSafe } from '../../infra/http/formulaSafe';
import { coalesced } from '../../infra/http/coalesced';
import {
  DEFAULT_SALES_RANGE,
  SALES_RANGES,
  dayRangeProblem,
  daysOfInstants,
  instantsOfDays,
  salesRange,
  type DayRange,
} from '../../../domain/shopRanges';
import { day, instant } from '../../../domain/dateSchemas';
import {
  HISTORY_CSV_COLUMNS,
  ORDERS_CSV_COLUMNS,
  SALES_CSV_COLUMNS,
  historyCsvRow,
  ordersCsvRow,
  salesCsvRow,
  type HistoryOrder,
  type ReportOrder,
} from '../../../domain/orderReport';
import { loadShop, type ShopRow } from '../shops';
import { ordersSummary, transactionReport, todaySummary } from './service';
import { streamOrders, type HistoryFilter, type OrderStream } from '../orders';
import { ordersSummaryResponse, payoutsResponse, transactionReportResponse, todayResponse } from './schemas';
import { reconciledPayouts } from './payouts';

const tags = ['reports'];
const instantRange = z.object({ from: instant('from'), to: instant('to') });
const dayRange = z.object({ from: day('from'), to: day('to') });
const ORDER_STATUSES = ['NEW', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'NA'] as const;
const rangeError = `should be one of ${SALES_RANGES.join(', ')}`;
/** A range of instants and, for what order history shows, its filter. */
const historyQuery = instantRange.extend({
  q: z.string().max(100).optional(),
  orderStatusRestaurant: z
    .string()
    .refine((v) => v.split(',').every((s) => (ORDER_STATUSES as readonly string[]).includes(s)), {
      error: `should be among ${ORDER_STATUSES.join(', ')}`,
    })
    .optional(),
  paymentType: z.enum(['CASH', 'CREDIT_CARD'], { error: 'should be CASH or CREDIT_CARD' }).optional(),
  collectionType: z.enum(['PICKUP', 'DELIVERY'], { error: 'should be PICKUP or DELIVERY' }).optional(),
});
/** What order history lists for the query's filter, and the instants it was given (`to` included). */
const historyFilterOf = (q: z.infer<typeof historyQuery>): HistoryFilter => ({
  q: q.q,
  orderStatusRestaurant: q.orderStatusRestaurant?.split(','),
  paymentType: q.paymentType,
  collectionType: q.collectionType,
});
const instantsOf = (from: string, to: string) => ({ gte: new Date(from), lt: new Date(new Date(to).getTime() + 1) });
const transactionRangeBody = z.object({
  range: z.enum(SALES_RANGES, { error: rangeError }).default(DEFAULT_SALES_RANGE),
  from: day('from').optional(),
  to: day('to').optional(),
});

/** A range's days, or the 400 that names what is wrong with it. */
function checked(days: DayRange): DayRange {
  const problem = dayRangeProblem(days);
  if (problem) throw badRequest(problem, { to: problem });
  return days;
}

/** The shop's days an instant range covers (from before to, at most 24 months). */
function daysOf(from: string, to: string, shop: ShopRow): DayRange {
  const [f, t] = [new Date(from), new Date(to)];
  if (f >= t) throw badRequest('The start should be before the end', { to: 'should be after from' });
  return checked(daysOfInstants(f, t, shop.timezone));
}

/** A sales report's named range on the shop's clock; CUSTOM needs its own from and to. */
function transactionDays(q: z.infer<typeof transactionRangeBody>, shop: ShopRow, now: Date): DayRange {
  if (q.range === 'CUSTOM') {
    const errors: Record<string, string> = {};
    if (!q.from) errors.from = 'is required for a custom range';
    if (!q.to) errors.to = 'is required for a custom range';
    if (Object.keys(errors).length) throw badRequest('A custom range needs its first and last day', errors);
  }
  return checked(salesRange(q.range, now, shop.timezone, { from: q.from, to: q.to }));
}

/** `source`'s orders as CSV rows with `columns`, cells a spreadsheet would run kept as text. */
function csvOf<O extends ReportOrder>(columns: readonly string[], source: OrderStream, row: (o: O) => Record<string, string>) {
  const toRow = new Transform({
    objectMode: true,
    transform(o: O, _enc, done) {
      // In column order: csv-stringify reads an array by index, while an object's keys (with spaces) it reads as paths.
      const cells = row(o);
      done(
        null,
        columns.map((c) => cells[c]),
      );
    },
  });
  const csv = stringify({ header: true, columns: [...columns], cast: { string: formulaSafe } });
  // Lines stay strings until they are joined into one write.
  csv.setEncoding('utf8');
  // A failure anywhere, or the reader going away (the response destroys the last stream), stops every stage: the
  // cursor is closed and its connection given back. The error itself reaches the response through the last stream.
  return pipeline(source, toRow, csv, coalesced(), () => {});
}

const csvHeaders = (name: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}"`,
  'Cache-Control': 'no-store',
});

/**
 * The shop's reports (/api/reports/shops/:shopId/…): the orders report and its CSV, the sales and payout report and
 * its CSV, and the home page's figures. Members of the shop read them; the totals come from the daily rollup, the
 * CSVs stream the orders from a cursor.
 */
const reports: FastifyPluginAsyncZod = async (app) => {
  // Reports and exports read the replica when there is one; each summary says how fresh what it read is.
  const { clock, replica } = app.services;
  const { db, pool } = replica;
  const asOf = async () => (await replica.asOf()).toISOString();

  app.get(
    '/orders/summary',
    {
      config: { staffPermission: 'reports' },
      schema: {
        tags,
        summary: 'The orders report of a range',
        description:
          "The shop's days from `from` to `to` (ISO instants; a `to` at a day's first instant ends the day before). " +
          'Counted: ACCEPTED orders, completed or not. gross = their totals + the orders accepted then refunded; ' +
          'net = gross − refunds. Money in currency units. At most 24 months.',
        params: shopParams,
        querystring: instantRange,
        response: { 200: ordersSummaryResponse },
      },
    },
    async (req) => {
      const shop = await loadShop(req.params.shopId, db);
      const [summary, at] = await Promise.all([ordersSummary(shop.id, db, shop, daysOf(req.query.from, req.query.to, shop)), asOf()]);
      return { ...summary, asOf: at };
    },
  );

  app.get(
    '/orders.csv',
    {
      config: { staffPermission: 'reports' },
      schema: {
        tags,
        summary: 'The orders of a range as CSV (streamed)',
        description:
          `Columns: ${ORDERS_CSV_COLUMNS.join(', ')}. Without a history filter: the counted (ACCEPTED) orders of the ` +
          'range; with q, orderStatusRestaurant (comma-separated), paymentType or collectionType: what order history ' +
          'shows for that filter. Times on the shop’s clock; cells starting = + - @ tab or CR are prefixed with a quote.',
        params: shopParams,
        querystring: historyQuery,
        response: { 200: csvResponse('The orders, one row each, under a header row') },
      },
    },
    async (req, reply) => {
      const shop = await loadShop(req.params.shopId, db);
      const { from, to, q, orderStatusRestaurant, paymentType, collectionType } = req.query;
      const days = daysOf(from, to, shop);
      const filtered = q !== undefined || orderStatusRestaurant !== undefined || paymentType || collectionType;
      const history = filtered ? historyFilterOf(req.query) : null;
      // The history shows the instants it was given; the report, whole days of the shop's.
      const range = history ? instantsOf(from, to) : instantsOfDays(days, shop.timezone);
      const rows = await streamOrders(pool, shop.id, range, history);
      return reply
        .headers(csvHeaders(`orders-${days.from}-${days.to}.csv`))
        .send(csvOf(ORDERS_CSV_COLUMNS, rows, (o) => ordersCsvRow(o, shop)));
    },
  );

  // Order History's own export: every order the page lists for its filter (all statuses when none is chosen), with the
  // report's columns and then the order's number, customer, items and status in words, under a name of its own.
  app.get(
    '/history.csv',
    {
      config: { staffPermission: 'reports' },
      schema: {
        tags,
        summary: 'What order history lists, as CSV (streamed)',
        description:
          `Columns: ${HISTORY_CSV_COLUMNS.join(', ')}. The orders placed from \`from\` to \`to\` (ISO instants) that ` +
          'order history lists for q, orderStatusRestaurant (comma-separated), paymentType and collectionType; every ' +
          'status when none is given. Codes in words; phones as the shop’s country writes them (from abroad: as the shop ' +
          'dials them), so no cell starts with +; other cells starting = + - @ tab or CR are prefixed with a quote.',
        params: shopParams,
        querystring: historyQuery,
        response: { 200: csvResponse('The orders, one row each, under a header row') },
      },
    },
    async (req, reply) => {
      const shop = await loadShop(req.params.shopId, db);
      const days = daysOf(req.query.from, req.query.to, shop);
      const rows = await streamOrders(pool, shop.id, instantsOf(req.query.from, req.query.to), historyFilterOf(req.query), {
        detail: true,
      });
      return reply
        .headers(csvHeaders(`order-history-${days.from}-${days.to}.csv`))
        .send(csvOf<HistoryOrder>(HISTORY_CSV_COLUMNS, rows, (o) => historyCsvRow(o, shop)));
    },
  );

  // The Transaction Report (console URL transactions), served at /sales/summary as the API pins.
  app.post(
    '/sales/summary',
    {
      config: { staffPermission: 'reports' },
      schema: {
        tags,
        summary: 'The Transaction Report of a range',
        description:
          'range WEEK (default) | LAST_WEEK | MONTH | LAST_MONTH | CUSTOM (with from and to, YYYY-MM-DD) on the shop’s ' +
          'clock. total: what customers paid for accepted orders (and for those refunded after acceptance); gst: the ' +
          'tax it includes (AU GST 1/11, NZ GST 3/23, GB VAT 1/6; null for US, "Sales tax not included"); card fees ' +
          'estimated at the provider’s standard rate; transaction fees: the platform’s, net of refunded ones.',
        params: shopParams,
        body: transactionRangeBody,
        response: { 200: transactionReportResponse },
      },
    },
    async (req) => {
      const shop = await loadShop(req.params.shopId, db);
      const [summary, at] = await Promise.all([transactionReport(shop.id, db, shop, transactionDays(req.body, shop, clock.now())), asOf()]);
      return { ...summary, asOf: at };
    },
  );

  // The Transaction Report's CSV, beside the /sales/summary the API pins.
  app.get(
    '/sales.csv',
    {
      config: { staffPermission: 'reports' },
      schema: {
        tags,
        summary: 'The Transaction Report’s orders as CSV (streamed)',
        description: `Columns: ${SALES_CSV_COLUMNS.join(', ')}; one row per accepted order of the range.`,
        params: shopParams,
        querystring: transactionRangeBody,
        response: { 200: csvResponse('The orders, one row each, under a header row') },
      },
    },
    async (req, reply) => {
      const shop = await loadShop(req.params.shopId, db);
      const days = transactionDays(req.query, shop, clock.now());
      const rows = await streamOrders(pool, shop.id, instantsOfDays(days, shop.timezone), null);
      return reply
        .headers(csvHeaders(`sales-${days.from}-${days.to}.csv`))
        .send(csvOf(SALES_CSV_COLUMNS, rows, (o) => salesCsvRow(o, shop)));
    },
  );

  app.get(
    '/today',
    {
      config: { staffPermission: 'reports' },
      schema: {
        tags,
        summary: 'The home page’s figures',
        description:
          'Today on the shop’s clock against the same weekday last week (accepted orders), orders and bookings ' +
          'waiting (NEW), and the last seven days’ sales.',
        params: shopParams,
        response: { 200: todayResponse },
      },
    },
    async (req) => {
      const shop = await loadShop(req.params.shopId, db);
      return todaySummary(shop.id, db, shop, clock.now());
    },
  );

  app.get(
    '/payouts',
    {
      config: { staffPermission: 'reports' },
      schema: {
        tags,
        summary: 'Payouts reconciled with the orders they paid',
        description:
          'Each payout of the connected account arriving from `from` to `to` (the shop’s days, YYYY-MM-DD), with the ' +
          'orders whose payments it paid out (the provider’s balance transactions of that payout): amount, fee and net ' +
          'per order, ordersNet, and difference = amount − ordersNet (shown, never hidden). Money in currency units.',
        params: shopParams,
        querystring: dayRange,
        response: { 200: payoutsResponse },
      },
    },
    async (req) => {
      const shop = await loadShop(req.params.shopId, db);
      return reconciledPayouts(app.services, shop, checked({ from: req.query.from, to: req.query.to }));
    },
  );
};
export default reports;
