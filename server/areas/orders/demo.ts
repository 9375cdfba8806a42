import { sql } from 'drizzle-orm';
import type { Services } from '../../infra/context';
import type { PlaceOrder } from '../../../domain/order';
import { publishedShop } from '../../infra/storefront/publishedShop';
import { placeOrder } from './service';
import { acceptOrder } from './serviceActions';
import { AppError } from '../../infra/http/errors';
import { createItem, storeDemoPictures } from '../catalog';
import { loadSettings } from '../../infra/db/settings';
import { shopSettings } from '../../infra/db/tables';
import { itemInput } from '../../../domain/catalog/item';
import { WEEKDAYS } from '../../../domain/weekdays';
import { localDate } from '../../../domain/hours';
import { openState, openStateWords } from '../../../domain/openState';
import { formatDateTime } from '../../../domain/dates';
import { loadShopHours } from '../timings';
import { loadOrderHistory } from './demoHistory';

/** How often the demo places an order on the demo shop, so a newcomer sees the board live. */
const DEMO_ORDER_EVERY_MS = 8_000;
/** How long an order waits on the board before the demo's kitchen accepts it (it earns its loyalty stamp then). */
const DEMO_ACCEPT_AFTER_MS = 60_000;
/** The demo's regulars: a handful of phone numbers, so their loyalty cards fill and redeem while the demo runs. */
const REGULARS = 6;

const NAMES = [
  'Ava Nguyen',
  'Liam Smith',
  'Olivia Brown',
  'Noah Wilson',
  'Mia Taylor',
  'Jack Martin',
  'Zoe Chen',
  'Leo Patel',
  'Ruby Jones',
  'Oscar Lee',
];
const COMMENTS = [undefined, undefined, 'Extra hot please', 'No sugar', 'Ring when outside', undefined];
const TOKENS = ['tok_visa', 'tok_visa', 'tok_visa', 'tok_refundFail'];

type DemoItem = {
  id: string;
  type: string;
  doc: { attributes?: { name: string; optional?: boolean; values: { name: string }[] }[]; sizes?: Record<string, unknown> };
};

const pick = <T>(list: readonly T[], n: number) => list[n % list.length];

/** A realistic cart from the shop's own items: one to three lines, required choices made, a pizza in a size. */
function cartOf(items: DemoItem[], n: number): PlaceOrder['items'] {
  const lines: PlaceOrder['items'] = [];
  const count = 1 + (n % 3);
  for (let i = 0; i < count; i++) {
    const item = pick(items, n * 7 + i * 3);
    if (item.type === 'DEAL') continue;
    const attributes = (item.doc.attributes ?? [])
      .filter((a) => !a.optional && a.values.length)
      .map((a) => ({ name: a.name, values: [pick(a.values, n + i).name] }));
    const size = item.type === 'PIZZA' ? Object.keys(item.doc.sizes ?? {})[0] : undefined;
    lines.push({ itemId: item.id, quantity: 1 + ((n + i) % 2), attributes, ...(size ? { size } : {}) });
  }
  return lines.length ? lines : [{ itemId: items.find((i) => i.type === 'BASIC')?.id ?? items[0].id, quantity: 1 }];
}

/**
 * Places an order on the first published demo shop that has items, now and every DEMO_ORDER_EVERY_MS, through the
 * same code path as the customers' API (pricing, payment, events). Answers the lines to log, and a stop function.
 */
/** A small cafe menu for a demo shop that has none yet, and opening hours around the clock, so orders can be priced. */
async function stockDemoShop(services: Services, shopId: string, by: string | null) {
  const { db, clock } = services;
  const milk = {
    name: 'Milk',
    multiple: false,
    optional: false,
    values: [
      { name: 'Full cream', extraCharge: 0 },
      { name: 'Oat', extraCharge: 0.8 },
      { name: 'Soy', extraCharge: 0.6 },
    ],
  };
  const extras = {
    name: 'Extras',
    multiple: true,
    optional: true,
    values: [
      { name: 'Extra shot', extraCharge: 0.5 },
      { name: 'Vanilla syrup', extraCharge: 0.6 },
    ],
  };
  const menu = [
    { type: 'BASIC', name: 'Flat White', price: 4.5, attributes: [milk, extras] },
    { type: 'BASIC', name: 'Latte', price: 4.8, attributes: [milk, extras] },
    { type: 'BASIC', name: 'Banana Bread', price: 5.5 },
    { type: 'BASIC', name: 'Avocado Toast', price: 14 },
    { type: 'BASIC', name: 'Bacon & Egg Roll', price: 11.5 },
  ];
  // Pictures are uploads of someone: a shop whose editor left (updatedBy null) gets its items without.
  const pictures = by ? await storeDemoPictures(services, by, menu) : new Map();
  // updatedBy is nullable: a shop whose editor left;
  for (const m of menu)
    await createItem(shopId, db, itemInput.parse({ ...m, image: pictures.get(m.name) }), (by ?? null) as string, clock.now());
  if ((await loadSettings(shopId, db, 'timings')) === undefined) {
    const open = { open: '00:00', duration: 24, available: true };
    const day = { pickup: open, pickupExt: { ...open, available: false }, delivery: open, deliveryExt: { ...open, available: false } };
    await db
      .insert(shopSettings)
      .values({ shopId, kind: 'timings', value: Object.fromEntries(WEEKDAYS.map((d) => [d, day])) })
      .onConflictDoNothing();
  }
}

/**
 * Places an order on the first published demo shop, now and every DEMO_ORDER_EVERY_MS, through the same code path as
 * the customers' API (pricing, payment, events); a shop without items first gets a small menu, a shop without orders
 * eight weeks of past ones (demoHistory.ts). Answers a stop function.
 */
export async function startOrdersDemo(services: Services, log: (msg: string) => void): Promise<() => void> {
  const { db } = services;
  const shops = (
    await db.execute<{ id: string; updated_by: string | null }>(
      sql`SELECT id, updated_by FROM shops WHERE demo AND listing_status = 'PUBLISHED' ORDER BY created_at LIMIT 1`,
    )
  ).rows;
  if (!shops.length) {
    log('Demo orders: no published demo shop, so no live orders are placed');
    return () => undefined;
  }
  if (!(await db.execute(sql`SELECT 1 FROM items WHERE shop_id = ${shops[0].id} LIMIT 1`)).rows.length)
    await stockDemoShop(services, shops[0].id, shops[0].updated_by);
  const shop = await publishedShop(db, shops[0].id);
  // Its past first, so the live orders continue its numbers and its customers' loyalty cards.
  const history = await loadOrderHistory(services, shop.id, shops[0].updated_by);
  if (history) log(history);
  const items = (
    await db.execute<DemoItem>(sql`SELECT id, type, doc FROM items WHERE shop_id = ${shop.id} AND NOT sold_out ORDER BY name LIMIT 30`)
  ).rows;
  let n = 0;
  let lastProblem = '';
  // The kitchen: the oldest order waiting longer than DEMO_ACCEPT_AFTER_MS is accepted, one per order placed.
  const acceptWaiting = async () => {
    const now = services.clock.now();
    const [waiting] = (
      await db.execute<{ id: string }>(sql`SELECT id FROM orders WHERE shop_id = ${shop.id} AND order_status_restaurant = 'NEW'
        AND status = 'OK' AND placed_at < ${new Date(now.getTime() - DEMO_ACCEPT_AFTER_MS).toISOString()} ORDER BY placed_at LIMIT 1`)
    ).rows;
    if (waiting) await acceptOrder(shop.id, db, waiting.id, { eta: { minutes: 15 } }, shops[0].updated_by as string, now);
  };
  /**
   * Whether the shop takes an order now. The demo cafe's hours cover every hour, but a closure (Christmas) or hours
   * someone changed can close it: then the demo says so and waits, instead of having every order refused.
   */
  const closedNow = async (): Promise<string | null> => {
    const now = services.clock.now();
    const hours = await loadShopHours(shop.id, db, shop.timezone, localDate(now, shop.timezone), 8);
    const state = openState(hours, now);
    if (state.open) return null;
    const opens = state.opens ? ` (opens ${formatDateTime(state.opens, shop.timezone)})` : '';
    return `${shop.name} is closed now${opens}, so no demo order is placed until it opens`;
  };
  const placeOne = async () => {
    const closed = await closedNow();
    if (closed) {
      if (closed !== lastProblem) log(`Demo orders: ${closed}`);
      lastProblem = closed;
      return;
    }
    n++;
    const card = n % 3 !== 0;
    const order: PlaceOrder = {
      items: cartOf(items, n),
      customerName: pick(NAMES, n),
      mobile: `+6140000${String(1000 + (n % REGULARS)).padStart(4, '0')}`,
      collectionType: 'PICKUP',
      collectionTime: null,
      paymentType: card ? 'CREDIT_CARD' : 'CASH',
      paymentToken: card ? pick(TOKENS, n) : undefined,
      coupon: undefined,
      comments: pick(COMMENTS, n),
    };
    try {
      await placeOrder(services, shop.id, order, order, `demo-${Date.now()}-${n}`);
      await acceptWaiting();
      if (lastProblem) log(`Demo orders: ${shop.name} takes orders again`);
      lastProblem = '';
    } catch (e) {
      const message = e instanceof AppError ? e.message : (e as Error).message;
      if (message !== lastProblem) log(`Demo orders: ${shop.name} refused an order: ${message}`);
      lastProblem = message;
    }
  };
  const timer = setInterval(() => void placeOne(), DEMO_ORDER_EVERY_MS);
  timer.unref();
  const state = openStateWords(
    openState(await loadShopHours(shop.id, db, shop.timezone, localDate(services.clock.now(), shop.timezone), 8), services.clock.now()),
    services.clock.now(),
    shop.timezone,
  );
  log(
    `Demo orders: a new order on ${shop.name} every ${DEMO_ORDER_EVERY_MS / 1000} s while it is open; now: ${state} ` +
      `(New Orders at /shops/${shop.id}/orders/dashboard)`,
  );
  await placeOne();
  return () => clearInterval(timer);
}
