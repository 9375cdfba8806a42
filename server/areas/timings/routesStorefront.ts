import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { closureSchema } from '../../../domain/closures';
import { collectionSlots, localDate, nextOpening, openingAt, openingsOn, addDays, type ShopHours } from '../../../domain/hours';
import { SERVICES, type Service } from '../../../domain/timings';
import { loadShopHours } from './repoHours';
import { publishedShop } from '../../infra/storefront/publishedShop';
import { instant } from '../../../domain/dateSchemas';
import { sendCacheable } from '../../infra/storefront/cacheable';
import { slotsWithRoom } from './slotRoom';

const MAX_DAYS = 14;
const hoursFrom = instant('from').optional().describe('An instant (ISO 8601); now when left out');
const opening = z.object({ date: z.string(), start: z.string(), end: z.string(), special: z.boolean() });
const serviceHours = z.object({
  open: z.boolean().describe('Open at `from`'),
  nextOpening: z.string().nullable().describe('`from` when open, else when it next opens; null when nothing opens in the next year'),
  slots: z
    .array(z.string())
    .describe(
      'Collection slots from `from` (15-minute steps by default) through the day after; slots the kitchen has no room left in are left out',
    ),
  openings: z.array(opening).describe('Openings starting on each of the `days` shop-zone days from the day of `from`'),
});
const hoursAnswer = z.object({
  timeZone: z.string(),
  from: z.string(),
  pickup: serviceHours,
  delivery: serviceHours,
  closures: z.array(closureSchema.omit({ id: true })),
});

/** The answer for one shop and instant: each service's state, slots and openings, and the closures of those days. */
export function hoursBody(h: ShopHours, from: Date, firstDate: string, days: number, step: number): z.infer<typeof hoursAnswer> {
  const iso = (d: Date) => d.toISOString();
  const forService = (service: Service) => {
    const next = nextOpening(h, service, from);
    return {
      open: openingAt(h, service, from) !== null,
      nextOpening: next ? iso(next) : null,
      slots: collectionSlots(h, service, from, { stepMinutes: step, days: 2 }).map(iso),
      openings: Array.from({ length: days }, (_, i) => openingsOn(h, service, addDays(firstDate, i)))
        .flat()
        .map((o) => ({ date: o.date, start: iso(o.start), end: iso(o.end), special: o.special })),
    };
  };
  const [pickup, delivery] = SERVICES.map(forService);
  const lastDate = addDays(firstDate, days - 1);
  return {
    timeZone: h.timeZone,
    from: iso(from),
    pickup: pickup!,
    delivery: delivery!,
    closures: h.closures
      .filter((c) => c.date >= firstDate && c.date <= lastDate)
      .map(({ date, note, pickup: p, delivery: d }) => ({ date, note, pickup: p, delivery: d })),
  };
}

/**
 * GET /storefront/shops/:shopId/hours?from=…: when a PUBLISHED shop is open for pickup and delivery, from the
 * hours engine (domain/hours.ts) in the shop's time zone: open now, next opening, collection slots and the
 * openings of the coming days, closures applied.
 */
const hours: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shops/:shopId/hours',
    {
      schema: {
        tags: ['storefront'],
        summary: "A shop's opening hours and collection slots",
        params: z.object({ shopId: z.string() }),
        querystring: z.object({
          from: hoursFrom,
          days: z.coerce.number().int().min(1).max(MAX_DAYS).optional().describe(`Days of openings, 1 to ${MAX_DAYS} (7)`),
          step: z.coerce.number().int().min(5).max(120).optional().describe('Minutes between slots, 5 to 120 (15)'),
        }),
        response: { 200: hoursAnswer },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.services;
      const shop = await publishedShop(db, req.params.shopId);
      const from = req.query.from === undefined ? clock.now() : new Date(req.query.from);
      const days = req.query.days ?? 7;
      const firstDate = localDate(from, shop.timezone);
      const h = await loadShopHours(shop.id, db, shop.timezone, firstDate, days);
      const body = hoursBody(h, from, firstDate, days, req.query.step ?? 15);
      // A slot the kitchen has no room left in is not offered (slotRoom.ts).
      for (const service of SERVICES) {
        const slots = body[service].slots.map((s) => new Date(s));
        body[service].slots = (await slotsWithRoom(db, shop.id, shop.timezone, service, slots)).map((d) => d.toISOString());
      }
      return sendCacheable(req, reply, JSON.stringify(body));
    },
  );
};
export default hours;
