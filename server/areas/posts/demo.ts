import { and, eq } from 'drizzle-orm';
import type { Services } from '../../infra/context';
import { shops, shopSellers } from '../../infra/db/tables';
import { billboards } from '../billboards';
import { posts } from './tables';
import { toCents } from '../../../domain/money';
import { storeDemoImage } from '../shops';

const DAY = 86_400_000;

/** A plate on a coloured square, shapes only (no fonts). */
const plateSvg = (background: string, food: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="${background}"/>
  <circle cx="400" cy="420" r="270" fill="#fafafa"/><circle cx="400" cy="420" r="200" fill="#eeeeee"/>
  <circle cx="350" cy="390" r="90" fill="${food}"/><circle cx="470" cy="450" r="70" fill="${food}" opacity="0.8"/>
</svg>`);

/** A 16:9 banner: two bands and a sun, shapes only. */
const bannerSvg = (sky: string, ground: string, sun: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <rect width="1600" height="900" fill="${sky}"/><rect y="560" width="1600" height="340" fill="${ground}"/>
  <circle cx="1200" cy="300" r="150" fill="${sun}"/><rect x="180" y="380" width="520" height="300" rx="40" fill="#ffffff" opacity="0.85"/>
</svg>`);

const DEMO_POSTS = [
  {
    title: 'New Seasonal Menu',
    description: 'Our autumn menu has landed: pumpkin soup, mushroom toast and a warm apple crumble.',
    price: 16.5,
    publishIn: -3 * DAY,
    colours: ['#ffe0b2', '#ef6c00'],
  },
  {
    title: 'Happy Hour 3 to 5',
    description: 'Every weekday from three until five, coffees and pastries are half price.',
    price: null,
    publishIn: -DAY,
    colours: ['#d7ccc8', '#5d4037'],
  },
  // Scheduled: shows as Scheduled in the console and goes live for customers in a week.
  {
    title: 'Holiday Hampers',
    description: 'Order a holiday hamper of our cakes, cookies and coffee beans, ready for pickup.',
    price: 45,
    publishIn: 7 * DAY,
    colours: ['#c8e6c9', '#2e7d32'],
  },
] as const;

const DEMO_BANNERS = [
  ['#4fc3f7', '#8d6e63', '#fff176'],
  ['#ce93d8', '#5e35b1', '#ffcc80'],
  ['#a5d6a7', '#33691e', '#fff59d'],
] as const;

/**
 * A few posts (one scheduled) and three billboards on every demo shop, owned by the shop's first admin.
 * Idempotent: a shop that already has any post or a billboards record is left alone.
 */
export async function loadPostsDemo(services: Services): Promise<string[]> {
  const { db, clock } = services;
  const demoShops = await db
    .select({ id: shops.id, name: shops.name, ownerId: shopSellers.userId })
    .from(shops)
    .innerJoin(shopSellers, and(eq(shopSellers.shopId, shops.id), eq(shopSellers.role, 'ADMIN')))
    .where(eq(shops.demo, true));
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const shop of demoShops) {
    if (seen.has(shop.id)) continue;
    seen.add(shop.id);
    const [hasPost] = await db.select({ id: posts.id }).from(posts).where(eq(posts.shopId, shop.id)).limit(1);
    const [hasBoards] = await db.select({ shopId: billboards.shopId }).from(billboards).where(eq(billboards.shopId, shop.id));
    if (hasPost || hasBoards) continue;
    const now = clock.now();
    for (const [i, p] of DEMO_POSTS.entries()) {
      const image = await storeDemoImage(services, shop.ownerId, plateSvg(p.colours[0], p.colours[1]), 'SQUARE');
      const created = new Date(now.getTime() - (DEMO_POSTS.length - i) * 60_000);
      await db.insert(posts).values({
        shopId: shop.id,
        title: p.title,
        description: p.description,
        priceCents: p.price === null ? null : toCents(p.price),
        aspectRatio: 'SQUARE',
        images: [{ path: image }],
        publishAt: new Date(now.getTime() + p.publishIn),
        createdAt: created,
        updatedAt: created,
        updatedBy: shop.ownerId,
      });
    }
    const banners: { path: string }[] = [];
    for (const colours of DEMO_BANNERS)
      banners.push({ path: await storeDemoImage(services, shop.ownerId, bannerSvg(colours[0], colours[1], colours[2]), 'SIXTEEN_NINE') });
    await db.insert(billboards).values({ shopId: shop.id, images: banners, updatedBy: shop.ownerId }).onConflictDoNothing();
    lines.push(`Demo posts and billboards for ${shop.name}`);
  }
  return lines;
}
