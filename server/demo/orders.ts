import { sql } from 'drizzle-orm';
import type { Services } from '../context';
import type { PlaceOrder } from '../../domain/order';
import { publishedShop } from '../repos/publishedShop';
import { placeOrder } from '../repos/placeOrder';
import { AppError } from '../errors';

/** How often the demo places an order on the demo shop, so a newcomer sees the board live. */
export const DEMO_ORDER_EVERY_MS = 8_000;

const NAMES = ['Ava Nguyen', 'Liam Smith', 'Olivia Brown', 'Noah Wilson', 'Mia Taylor', 'Jack Martin', 'Zoe Chen', 'Leo Patel', 'Ruby Jones', 'Oscar Lee'];
const COMMENTS = [undefined, undefined, 'Extra hot please', 'No sugar', 'Ring when outside', undefined];
const TOKENS = ['tok_visa', 'tok_visa', 'tok_visa', 'tok_refundFail'];

type DemoItem = { id: string; type: string; doc: { attributes?: { name: string; optional?: boolean; values: { name: string }[] }[]; sizes?: Record<string, unknown> } };

const pick = <T>(list: readonly T[], n: number) => list[n % list.length];

/** A realistic cart from the shop's own items: one to three lines, required choices made, a pizza in a size. */
function cartOf(items: DemoItem[], n: number): PlaceOrder['items'] {
  const lines: PlaceOrder['items'] = [];
  const count = 1 + (n % 3);
  for (let i = 0; i < count; i++) {
    const item = pick(items, n * 7 + i * 3);
    if (item.type === 'DEAL') continue;
    const attributes = (item.doc.attributes ?? []).filter((a) => !a.optional && a.values.length).map((a) => ({ name: a.name, values: [pick(a.values, n + i).name] }));
    const size = item.type === 'PIZZA' ? Object.keys(item.doc.sizes ?? {})[0] : undefined;
    lines.push({ itemId: item.id, quantity: 1 + ((n + i) % 2), attributes, ...(size ? { size } : {}) });
  }
  return lines.length ? lines : [{ itemId: items.find((i) => i.type === 'BASIC')?.id ?? items[0].id, quantity: 1 }];
}

/**
 * Places an order on the first published demo shop that has items, now and every DEMO_ORDER_EVERY_MS, through the
 * same code path as the customers' API (pricing, payment, events). Answers the lines to log, and a stop function.
 */
export async function startOrdersDemo(services: Services, log: (msg: string) => void): Promise<() => void> {
  const { db } = services;
  let shops: { id: string }[];
  try {
    shops = (await db.execute<{ id: string }>(sql`SELECT s.id FROM shops s WHERE s.demo AND s.listing_status = 'PUBLISHED' AND EXISTS (SELECT 1 FROM items i WHERE i.shop_id = s.id) ORDER BY s.created_at LIMIT 1`)).rows;
  } catch {
    shops = [];
  }
  if (!shops.length) {
    log('Demo orders: no published demo shop with items, so no live orders are placed');
    return () => undefined;
  }
  const shop = await publishedShop(db, shops[0].id);
  const items = (await db.execute<DemoItem>(sql`SELECT id, type, doc FROM items WHERE shop_id = ${shop.id} AND NOT sold_out ORDER BY name LIMIT 30`)).rows;
  let n = 0;
  let lastProblem = '';
  const placeOne = async () => {
    n++;
    const card = n % 3 !== 0;
    const order: PlaceOrder = {
      items: cartOf(items, n),
      customerName: pick(NAMES, n),
      mobile: `+6140000${String(1000 + (n % 50)).padStart(4, '0')}`,
      collectionType: 'PICKUP',
      collectionTime: null,
      paymentType: card ? 'CREDIT_CARD' : 'CASH',
      paymentToken: card ? pick(TOKENS, n) : undefined,
      coupon: undefined,
      comments: pick(COMMENTS, n),
    };
    try {
      await placeOrder(services, shop, order, order, `demo-${Date.now()}-${n}`);
      lastProblem = '';
    } catch (e) {
      const message = e instanceof AppError ? e.message : (e as Error).message;
      if (message !== lastProblem) log(`Demo orders: ${shop.name} refused an order: ${message}`);
      lastProblem = message;
    }
  };
  await placeOne();
  const timer = setInterval(() => void placeOne(), DEMO_ORDER_EVERY_MS);
  timer.unref();
  log(`Demo orders: a new order on ${shop.name} every ${DEMO_ORDER_EVERY_MS / 1000} s (New Orders at /shops/${shop.id}/orders/dashboard)`);
  return () => clearInterval(timer);
}
