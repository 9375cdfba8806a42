import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopParams } from '../../infra/http/params';
import { DEFAULT_RANGE, listQuery, sendRange } from '../../infra/db/list';
import { fromCents } from '../../../domain/money';
import { instant } from '../../../domain/dateSchemas';
import type { RedeemedCard } from '../../../domain/loyaltyCard';
import { listRedeemed } from './repo';
import { loyaltySummary } from './service';
import { loyaltySummaryResponse, redeemedCardResponse } from './schemas';

const redeemedFilter = {
  redeemedTime_gte: instant('redeemedTime_gte').optional(),
  redeemedTime_lte: instant('redeemedTime_lte').optional(),
};
const iso8601 = (v: string | Date) => new Date(v).toISOString();

/** /shops/:shopId/loyalty_cards/redeemed (the redeemed cards list) and /loyalty_cards/summary (the program at a glance). */
const loyalty: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/loyalty_cards/redeemed',
    {
      schema: {
        tags: ['loyalty'],
        summary: 'Redeemed loyalty cards',
        description:
          'ra-data-simple-rest list, newest first: filter {"redeemedTime_gte":ISO,"redeemedTime_lte":ISO}. ' +
          'A redemption is an order placed with the reward and accepted; a rejected or refunded one is not listed.',
        params: shopParams,
        querystring: listQuery(['redeemedTime'] as const, redeemedFilter),
        response: { 200: z.array(redeemedCardResponse) },
      },
    },
    async (req, reply): Promise<RedeemedCard[]> => {
      const range = req.query.range ?? DEFAULT_RANGE;
      const filter = req.query.filter ?? {};
      const { rows, total } = await listRedeemed(req.params.shopId, app.services.db, {
        range,
        order: req.query.sort?.[1] ?? 'DESC',
        from: filter.redeemedTime_gte,
        to: filter.redeemedTime_lte,
      });
      sendRange(reply, 'loyalty_cards', range, rows.length, total);
      return rows.map((r) => ({
        id: r.id,
        redeemedTime: iso8601(r.redeemedTime),
        mobile: r.mobile,
        orderId: r.orderId,
        amount: fromCents(r.rewards.reduce((sum, s) => sum + s.amount, 0)),
        rewards: r.rewards.map((s) => ({
          orderId: s.orderId,
          orderTime: iso8601(s.orderTime),
          grandTotal: fromCents(s.grandTotal),
          amount: fromCents(s.amount),
        })),
      }));
    },
  );

  app.get(
    '/loyalty_cards/summary',
    {
      schema: {
        tags: ['loyalty'],
        summary: 'The loyalty program at a glance',
        description: 'Customers holding stamps, full cards waiting for their reward, and the value of those rewards.',
        params: shopParams,
        response: { 200: loyaltySummaryResponse },
      },
    },
    async (req) => loyaltySummary(req.params.shopId, app.services.db),
  );
};
export default loyalty;
