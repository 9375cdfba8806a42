import { posts } from '../server/areas/posts/tables';
import { shops, users } from '../server/infra/db/tables';
import { bareStorefrontPostsApp } from './bareStorefrontPosts';
import { compareUnderLoad, machineParams } from './compare';
import { runWhenMain, withBare, withBenchApp } from './harness';
import type { BenchResult } from './types';

const SECONDS = Number(process.env.BENCH_POSTS_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_POSTS_ROUNDS ?? 5);
const CONNECTIONS = 20;
const POSTS = 60;
const POOL_MAX = 10;

/**
 * GET /api/storefront/shops/{shopId}/posts (the first page of 20 live posts, each with two images) on a PUBLISHED
 * shop with 60 posts, some scheduled or expired: the real app against a bare Fastify + pg handler doing the same work.
 * Every request is a full 200 (no If-None-Match), the costliest answer.
 */
export async function run(): Promise<BenchResult> {
  return withBenchApp({ poolMax: POOL_MAX, env: { STOREFRONT_READS_PER_MINUTE: '1000000' } }, async ({ bench, database, config, port }) => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'bench@example.com', name: 'Bench Owner', passwordHash: 'x', emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const [shop] = await database.db
      .insert(shops)
      .values({
        name: 'Bench Bakery',
        description: 'Bread and cakes all day',
        locality: 'Surry Hills',
        timezone: 'Australia/Sydney',
        country: 'AU',
        updatedBy: user.id,
        listingStatus: 'PUBLISHED',
      })
      .returning({ id: shops.id });
    const now = Date.now();
    await database.db.insert(posts).values(
      Array.from({ length: POSTS }, (_, i) => ({
        shopId: shop.id,
        title: `Bench special ${i}`,
        description: 'A post long enough for the description rule, with a little more text.',
        priceCents: i % 3 ? 1250 + i : null,
        aspectRatio: 'SQUARE',
        images: [
          { path: `img/00000000-0000-4000-8000-0000000000${String(i % 100).padStart(2, '0')}.webp` },
          { path: 'img/00000000-0000-4000-8000-000000000abc.webp' },
        ],
        // Every tenth is scheduled, every seventh expired; the rest live.
        publishAt: new Date(now + (i % 10 === 0 ? 86_400_000 : -(i + 1) * 60_000)),
        expireAt: i % 7 === 0 ? new Date(now - 1000) : null,
      })),
    );
    return withBare(
      () => bareStorefrontPostsApp(bench.url, config.publicUrl, POOL_MAX),
      async (bare) => {
        const ports = { app: port, bare: bare.port };
        const urlPath = `/api/storefront/shops/${shop.id}/posts`;

        // Both must answer the same bytes, or the comparison means nothing.
        const [a, b] = await Promise.all([
          fetch(`http://127.0.0.1:${ports.app}${urlPath}`),
          fetch(`http://127.0.0.1:${ports.bare}${urlPath}`),
        ]);
        const [ta, tb] = [await a.text(), await b.text()];
        if (a.status !== 200 || ta !== tb || a.headers.get('etag') !== b.headers.get('etag'))
          throw new Error(`The app and the baseline disagree:\n${ta}\n${tb}`);

        const metrics = await compareUnderLoad({
          ports,
          traffic: { path: urlPath },
          seconds: SECONDS,
          rounds: ROUNDS,
          connections: CONNECTIONS,
        });
        return {
          name: 'storefront-posts',
          params: {
            path: '/api/storefront/shops/{shopId}/posts',
            posts: POSTS,
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

runWhenMain(import.meta.url, run);
