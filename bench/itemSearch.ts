import { performance } from 'node:perf_hooks';
import { listItems } from '../server/areas/catalog/repo';
import { round, machineParams } from './compare';
import { withBenchDatabase } from './harness';
import { percentile, type BenchResult } from './types';

const SHOPS = Number(process.env.BENCH_SEARCH_SHOPS ?? 10_000);
const PER_SHOP = Number(process.env.BENCH_SEARCH_ITEMS_PER_SHOP ?? 100);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 1000);
const WORDS = [
  'latte',
  'flat',
  'white',
  'chai',
  'mocha',
  'pizza',
  'margherita',
  'pepperoni',
  'salad',
  'caesar',
  'burger',
  'chips',
  'toast',
  'banana',
  'bread',
  'muffin',
  'scone',
  'croissant',
  'bagel',
  'avocado',
];

/** The bare query: what the repository sends, as one hand-written statement. */
const BARE = `SELECT *, count(*) OVER () AS total FROM items
  WHERE shop_id = $1 AND search_text LIKE $2 ORDER BY name ASC, id ASC LIMIT 20`;

/**
 * Shop-scoped item search over 1,000,000 items in 10,000 shops: the repository behind GET /api/shops/{id}/items
 * ?filter={"q":…} (drizzle, the list helper, the JSON mapping) against the same SQL sent bare through pg, each for
 * QUERIES searches of a random word in a random shop. Items are seeded with generate_series.
 */
export async function run(): Promise<BenchResult> {
  return withBenchDatabase(4, async ({ bench, database }) => {
    const { pool, db } = database;
    const t0 = performance.now();
    await pool.query(`INSERT INTO shops (name, description, locality, timezone, country, listing_status)
      SELECT 'Shop ' || g, 'Bench shop', 'Town', 'Australia/Sydney', 'AU', 'PUBLISHED' FROM generate_series(1, ${SHOPS}) g`);
    // Building the GIN index once after the load is far quicker than keeping it up to date row by row.
    await pool.query('DROP INDEX IF EXISTS items_shop_search_trgm');
    await pool.query(`INSERT INTO items (shop_id, type, name, description, price_cents, doc)
      SELECT s.id, 'BASIC',
        initcap((ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}])[1 + (g * 7 + s.n) % ${WORDS.length}]) || ' ' || g,
        'with ' || (ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}])[1 + (g * 13 + s.n) % ${WORDS.length}] || ' and more',
        100 * (g % 30), '{"attributes": [], "dows": [], "timeOfDayApplicable": null, "image": null, "discounted": false}'::jsonb
      FROM (SELECT id, row_number() OVER () AS n FROM shops) s, generate_series(1, ${PER_SHOP}) g`);
    await pool.query('CREATE INDEX items_shop_search_trgm ON items USING gin (shop_id, search_text gin_trgm_ops)');
    await pool.query('ANALYZE items');
    const seedSeconds = (performance.now() - t0) / 1000;
    const { rows: shopRows } = await pool.query<{ id: string }>('SELECT id FROM shops');
    const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)];
    const time = async (f: () => Promise<unknown>) => {
      const t = performance.now();
      await f();
      return performance.now() - t;
    };
    const app: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < 50; i++)
      await listItems(pick(shopRows).id, db, { sort: ['name', 'ASC'], range: [0, 19], filter: { q: pick(WORDS) } });
    for (let i = 0; i < QUERIES; i++) {
      const shopId = pick(shopRows).id;
      const q = pick(WORDS);
      if (i % 2) {
        bare.push(await time(() => pool.query({ name: 'bare_item_search', text: BARE, values: [shopId, `%${q}%`] })));
        app.push(await time(() => listItems(shopId, db, { sort: ['name', 'ASC'], range: [0, 19], filter: { q } })));
      } else {
        app.push(await time(() => listItems(shopId, db, { sort: ['name', 'ASC'], range: [0, 19], filter: { q } })));
        bare.push(await time(() => pool.query({ name: 'bare_item_search', text: BARE, values: [shopId, `%${q}%`] })));
      }
    }
    app.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    return {
      name: 'item-search',
      params: {
        shops: SHOPS,
        items: SHOPS * PER_SHOP,
        queries: QUERIES,
        seedSeconds: round(seedSeconds),
        ...machineParams(bench.source),
      },
      metrics: {
        appP50ms: round(percentile(app, 50)),
        appP99ms: round(percentile(app, 99)),
        bareP50ms: round(percentile(bare, 50)),
        bareP99ms: round(percentile(bare, 99)),
        p99Ratio: round(percentile(app, 99) / percentile(bare, 99)),
      },
      unit: 'ms',
    };
  });
}
