import { itemInput } from '../domain/catalog/item';
import { SETTINGS } from '../domain/settings';
import type { Services } from '../server/infra/context';
import { createItem } from '../server/areas/catalog/repo';
import { saveMenu } from '../server/areas/catalog/repoMenu';
import { saveSettings } from '../server/infra/db/settings';
import { shops, users } from '../server/infra/db/tables';
import { bareMenuApp } from './bareMenu';
import { compareUnderLoad, machineParams } from './compare';
import { withBare, withBenchApp } from './harness';
import type { BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_MENU_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_MENU_ROUNDS ?? 3);
const CONNECTIONS = 50;
const ITEMS = 200;
const POOL_MAX = 10;

/** A published cafe with 200 items (basic items with three attributes, pizzas, deals) in 10 categories. */
async function seed(services: Services): Promise<string> {
  const { db } = services;
  const [user] = await db
    .insert(users)
    .values({ email: 'bench@example.com', name: 'Bench', passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const [shop] = await db
    .insert(shops)
    .values({
      name: 'Bench Cafe',
      description: 'Menu bench',
      locality: 'Surry Hills',
      timezone: 'Australia/Sydney',
      country: 'AU',
      updatedBy: user.id,
      listingStatus: 'PUBLISHED',
    })
    .returning({ id: shops.id });
  const now = new Date();
  const pizza = SETTINGS.pizza;
  await saveSettings(
    shop.id,
    db,
    'pizza',
    pizza.toStored!(
      pizza.schema.parse({
        active: true,
        hasHalfAndHalf: true,
        sizes: [
          { name: 'Small', halfAndHalfExtraCharge: 0 },
          { name: 'Large', hasHalfAndHalf: true, halfAndHalfExtraCharge: 2 },
        ],
        toppings: [
          { name: 'Olives', prices: { Small: 1, Large: 2 } },
          { name: 'Ham', prices: { Small: 2, Large: 3 } },
        ],
      }),
    ),
    user.id,
    now,
  );
  const ids: string[] = [];
  const pizzas: string[] = [];
  const attr = (name: string, n: number) => ({
    name,
    multiple: n > 3,
    optional: n > 3,
    values: Array.from({ length: n }, (_, i) => ({ name: `${name} ${i + 1}`, extraCharge: i * 0.5 })),
  });
  for (let i = 0; i < ITEMS; i++) {
    const kind = i % 10;
    const input =
      kind < 7
        ? {
            type: 'BASIC',
            name: `Item ${i}`,
            description: 'A fine menu item with a description of ordinary length',
            price: 5 + (i % 20),
            attributes: [attr('Size', 3), attr('Milk', 4), attr('Extras', 6)],
          }
        : kind < 9
          ? {
              type: 'PIZZA',
              name: `Pizza ${i}`,
              description: 'Tomato, cheese and more',
              sizes: { Small: { price: 12 }, Large: { price: 18, hasHalfAndHalf: true } },
              removeToppings: ['Basil'],
            }
          : {
              type: 'DEAL',
              name: `Deal ${i}`,
              price: 30,
              dealItems: [{ name: 'Soft drink', qty: 2 }],
              dealPizzas: pizzas.length
                ? [{ size: 'Large', qty: 2, pizzas: Object.fromEntries(pizzas.slice(-4).map((p) => [p, { extraCharge: 0 }])) }]
                : [],
            };
    const parsed = itemInput.parse(input);
    const item = await createItem(shop.id, db, { ...parsed, price: parsed.type === 'PIZZA' ? 12 : parsed.price }, user.id, now);
    ids.push(item.id);
    if (item.type === 'PIZZA') pizzas.push(item.id);
  }
  await saveMenu(
    shop.id,
    db,
    {
      categories: Array.from({ length: 10 }, (_, c) => ({
        name: `Category ${c + 1}`,
        description: '',
        image: null,
        offered: null,
        itemIds: ids.slice(c * 20, c * 20 + 20),
      })),
    },
    user.id,
    now,
  );
  return shop.id;
}

/**
 * GET /api/storefront/shops/:shopId/menu for a menu of 200 items at 50 connections: the real app (every plugin,
 * hook, the per-IP read limit, the catalog-version query) against a bare Fastify + pg handler doing the same work.
 */
export async function run(): Promise<BenchResult> {
  return withBenchApp({ poolMax: POOL_MAX, env: { STOREFRONT_READS_PER_MINUTE: '1000000' } }, async ({ bench, services, port }) => {
    const shopId = await seed(services);
    const PATH = `/api/storefront/shops/${shopId}/menu`;
    return withBare(
      () => bareMenuApp(bench.url, POOL_MAX),
      async (bare) => {
        const ports = { app: port, bare: bare.port };
        const [a, b] = await Promise.all([fetch(`http://127.0.0.1:${ports.app}${PATH}`), fetch(`http://127.0.0.1:${ports.bare}${PATH}`)]);
        const [ta, tb] = [await a.text(), await b.text()];
        if (a.status !== 200 || ta !== tb || a.headers.get('etag') !== b.headers.get('etag'))
          throw new Error('The app and the baseline disagree');
        const bytes = ta.length;

        // As customers' apps ask: gzip accepted.
        const metrics = await compareUnderLoad({
          ports,
          traffic: { path: PATH, headers: { 'accept-encoding': 'gzip' } },
          seconds: SECONDS,
          rounds: ROUNDS,
          connections: CONNECTIONS,
        });
        return {
          name: 'storefront-menu',
          params: {
            items: ITEMS,
            bodyBytes: bytes,
            encoding: 'gzip',
            connections: CONNECTIONS,
            seconds: SECONDS,
            rounds: ROUNDS,
            poolMax: POOL_MAX,
            ...machineParams(bench.source),
          },
          metrics,
          unit: 'req/s, ms',
        };
      },
    );
  });
}
