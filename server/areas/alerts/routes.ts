import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shopParams } from '../../infra/http/params';
import { listQuery, sendRange } from '../../infra/db/list';
import { conflict, notFound } from '../../infra/http/errors';
import { alertMessages, ALERT_KINDS, ALERT_STATUSES } from '../../../domain/alerts';
import { shopPreferencesPatchSchema, shopPreferencesSchema } from '../../../domain/preferences';
import { alertsOf, ALERT_SORTS, findAlert, listAlerts, requeueFailed, saveShopPreferences, shopPreferences } from './repo';
import { alertResponse } from './schemas';

const tags = ['alerts'];

/**
 * /shops/:shopId/preferences (the caller's alerts at this shop), the alert logs of an order and a booking, the shop's
 * recent alerts (ADMIN) and Resend of a failed one.
 */
const alerts: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    '/preferences',
    {
      schema: {
        tags,
        summary: "The caller's alert preferences at this shop (defaults where never chosen)",
        params: shopParams,
        response: { 200: shopPreferencesSchema },
      },
    },
    async (req) => shopPreferences(req.params.shopId, services.db, req.user!.id),
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags,
        summary: "Change some of the caller's alert preferences at this shop; the others keep their value",
        params: shopParams,
        body: shopPreferencesPatchSchema,
        response: { 200: shopPreferencesSchema },
      },
    },
    async (req) => {
      await saveShopPreferences(req.params.shopId, services.db, req.user!.id, req.body, services.clock.now());
      return shopPreferences(req.params.shopId, services.db, req.user!.id);
    },
  );

  app.get(
    '/orders/:orderId/alerts',
    {
      schema: {
        tags,
        summary: "An order's alert log, oldest first",
        params: shopParams.extend({ orderId: z.uuid({ error: 'orderId should be an order id' }) }),
        response: { 200: z.array(alertResponse) },
      },
    },
    async (req) => alertsOf(req.params.shopId, services.db, { orderId: req.params.orderId }),
  );

  app.get(
    '/bookings/:bookingId/alerts',
    {
      schema: {
        tags,
        summary: "A booking's alert log, oldest first",
        params: shopParams.extend({ bookingId: z.uuid({ error: 'bookingId should be a booking id' }) }),
        response: { 200: z.array(alertResponse) },
      },
    },
    async (req) => alertsOf(req.params.shopId, services.db, { bookingId: req.params.bookingId }),
  );

  app.get(
    '/alerts',
    {
      config: { shopRole: 'ADMIN' },
      schema: {
        tags,
        summary: "The shop's alerts, newest first",
        description: 'ra-data-simple-rest list (default range 0-49): filter {"status":…, "kind":…}.',
        params: shopParams,
        querystring: listQuery(ALERT_SORTS, { status: z.enum(ALERT_STATUSES).optional(), kind: z.enum(ALERT_KINDS).optional() }),
        response: { 200: z.array(alertResponse) },
      },
    },
    async (req, reply) => {
      const range = req.query.range ?? ([0, 49] as [number, number]);
      const [sort, order] = req.query.sort ?? ['createdAt', 'DESC'];
      const { rows, total } = await listAlerts(req.params.shopId, services.db, { range, sort, order, ...req.query.filter });
      sendRange(reply, 'alerts', range, rows.length, total);
      return rows;
    },
  );

  app.post(
    '/alerts/:alertId/resend',
    {
      schema: {
        tags,
        summary: 'Send a failed alert again',
        params: shopParams.extend({ alertId: z.uuid({ error: 'alertId should be an alert id' }) }),
        response: { 202: alertResponse },
      },
    },
    async (req, reply) => {
      const { shopId, alertId } = req.params;
      const row = await requeueFailed(shopId, services.db, alertId);
      if (!row) {
        if (!(await findAlert(shopId, services.db, alertId))) throw notFound('alert', alertId);
        throw conflict(alertMessages.resendOnlyFailed, 'ALERT_NOT_FAILED');
      }
      services.jobs.wake('alerts-mail');
      return reply.status(202).send(row);
    },
  );
};
export default alerts;
