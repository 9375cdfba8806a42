import fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { barePool } from './harness';
import type { CheckoutSettings } from '../domain/checkout';
import type { DeliverySettings } from '../domain/catalog/delivery';
import { isOpen, localDate } from '../domain/hours';
import { currencyOf, formatMoney, toCents } from '../domain/money';
import { busyAt, type OrderCart } from '../domain/order';
import { priceOrder, type PricingItem } from '../domain/pricing';
import { readSettings, SETTINGS } from '../domain/settings';

/*
 * The baseline for POST /api/storefront/shops/{id}/quote: plain Fastify and pg pricing the same cart on the same
 * database with the same engine (domain/pricing.ts priceOrder): one read of the published shop, its checkout,
 * delivery, timings and busy documents, the cart's items (with whether the menu lists them) and today's closures;
 * the settings in cents, the hours engine, priceOrder; the per-IP counter in the same statement, as the route counts it.
 * No zod, no coupon or pizza settings lookup,
 * basic items only (the bench's cart has no pizza).
 */
const READ = `WITH hit AS (
    INSERT INTO rate_limits (key, window_start, count) VALUES ($3, $4, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= $4::timestamptz - make_interval(secs => 60) THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= $4::timestamptz - make_interval(secs => 60)
        THEN $4 ELSE rate_limits.window_start END
    RETURNING count)
  SELECT s.country, s.timezone, (SELECT count FROM hit) AS hits,
    (SELECT json_object_agg(kind, value) FROM shop_settings WHERE shop_id = s.id
       AND kind IN ('checkout', 'delivery', 'timings', 'orders_busy')) AS docs,
    (SELECT coalesce(json_agg(json_build_object('id', i.id, 'name', i.name, 'priceCents', i.price_cents, 'doc', i.doc,
        'soldOut', i.sold_out, 'inMenu', coalesce(jsonb_path_exists(m.value, '$.categories[*].itemIds[*] ? (@ == $id)',
        jsonb_build_object('id', i.id::text)), false))), '[]')
       FROM items i LEFT JOIN shop_settings m ON m.shop_id = s.id AND m.kind = 'menu'
       WHERE i.shop_id = s.id AND i.id = ANY($2::uuid[])) AS items,
    (SELECT coalesce(json_agg(json_build_object('id', c.id, 'date', c.date, 'note', c.note, 'pickup', c.pickup,
        'delivery', c.delivery) ORDER BY c.date), '[]') FROM shop_closures c
       WHERE c.shop_id = s.id AND c.date BETWEEN current_date - 1 AND current_date + 1) AS closures
  FROM shops s WHERE s.id = $1 AND s.listing_status = 'PUBLISHED'`;

interface Row {
  hits: number;
  country: string;
  timezone: string;
  docs: Record<string, unknown> | null;
  items: { id: string; name: string; priceCents: number; doc: { attributes?: unknown[] }; soldOut: boolean; inMenu: boolean }[];
  closures: never[];
}

export async function bareQuoteApp(url: string, poolMax: number): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = barePool(url, poolMax);
  pool.on('error', () => undefined);
  const app = fastify();
  app.post('/bare/shops/:shopId/quote', async (req, reply) => {
    const { shopId } = req.params as { shopId: string };
    const order = req.body as OrderCart;
    const now = new Date();
    const values = [shopId, order.items.map((l) => l.itemId), `ip:quote:${req.ip}`, now];
    const read = await pool.query<Row>({ name: 'bare_quote', text: READ, values });
    if (!read.rowCount) return reply.status(404).send({ message: 'Not found' });
    const { hits, country, timezone, docs, items, closures } = read.rows[0];
    if (hits > 1_000_000) return reply.status(429).send({ message: 'Too many' });
    if (busyAt(docs?.orders_busy as never, now).paused) return reply.status(409).send({ message: 'Paused' });
    const c = readSettings(SETTINGS.checkout, docs?.checkout) as CheckoutSettings;
    const d = readSettings(SETTINGS.delivery, docs?.delivery) as DeliverySettings;
    const hours = { timeZone: timezone, timings: readSettings(SETTINGS.timings, docs?.timings), closures };
    const priced = priceOrder({
      order,
      items: new Map(
        items.map((i): [string, PricingItem] => [
          i.id,
          {
            id: i.id,
            name: i.name,
            type: 'BASIC',
            price: i.priceCents,
            noDiscount: false,
            inMenu: i.inMenu,
            availability: { soldOut: i.soldOut, until: null },
            dows: [],
            timeOfDayApplicable: null,
            attributes: (i.doc.attributes ?? []) as PricingItem['attributes'],
          },
        ]),
      ),
      pizza: { active: false, hasHalfAndHalf: false, sizes: [], toppings: [] },
      checkout: {
        ...c,
        creditCardSurchargeAmount: toCents(c.creditCardSurchargeAmount),
        creditCardSurchargeMinimumOrderValue: toCents(c.creditCardSurchargeMinimumOrderValue),
      },
      delivery: {
        minOrderValue: toCents(d.minOrderValue),
        suburbs: d.suburbs.map((s) => ({ ...s, deliveryCharges: toCents(s.deliveryCharges) })),
      },
      coupon: null,
      isOpen: (type, at) => isOpen(hours, type === 'PICKUP' ? 'pickup' : 'delivery', at),
      now,
      timeZone: timezone,
      dayOf: (at) => localDate(at, timezone),
      currency: currencyOf(country),
      formatMoney: (cents) => formatMoney(cents, country),
    });
    if (!priced.ok) return reply.status(priced.status).send({ message: priced.message });
    return { grandTotal: priced.cart.grandTotal / 100, subtotal: priced.cart.subtotal / 100, items: priced.cart.items };
  });
  return { app, pool };
}
