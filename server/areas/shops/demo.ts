import crypto from 'node:crypto';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { INVITE_TTL_MS, type ImageAspect } from '../../../domain/constants';
import type { ListingStatus } from '../../../domain/shop';
import type { TransactionFee } from '../../../domain/platform';
import type { Services } from '../../infra/context';
import { images, shops, shopSellers, shopSettings, users } from '../../infra/db/tables';
import { hashPassword } from '../../infra/auth/password';
import { hashToken, randomToken } from '../../infra/auth/tokens';
import { encodeUpload } from '../../infra/images/encode';
import { inviteLink, invites } from '../staff';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../accounts';

interface DemoShop {
  name: string;
  description: string;
  locality: string;
  country: 'AU' | 'US' | 'GB' | 'NZ';
  timezone: string;
  status: ListingStatus;
  rejectReason?: string;
  colors: [string, string];
  staff?: boolean;
  invite?: string;
  fee?: TransactionFee;
}

const DEMO_SHOPS: DemoShop[] = [
  {
    name: 'Cappuccino Corner',
    description: 'Coffee and cakes all day',
    locality: 'Surry Hills',
    country: 'AU',
    timezone: 'Australia/Sydney',
    status: 'PUBLISHED',
    colors: ['#6d4c41', '#ffcc80'],
    staff: true,
    invite: 'barista@servery.demo',
    fee: { applicable: true, microLimit: 2000, microAmount: 15, microPercentage: 0, normalAmount: 60, normalPercentage: 1 },
  },
  {
    name: 'Harbour Bites',
    description: 'Seafood and salads by the water',
    locality: 'Docklands',
    country: 'AU',
    timezone: 'Australia/Melbourne',
    status: 'WAITING_FOR_REVIEW',
    colors: ['#01579b', '#80deea'],
  },
  {
    name: 'Brooklyn Bagel Co',
    description: 'Hand-rolled bagels since 1998',
    locality: 'Williamsburg',
    country: 'US',
    timezone: 'America/New_York',
    status: 'PUBLISHED',
    colors: ['#e65100', '#fff3e0'],
  },
  {
    name: 'Sunset Tacos',
    description: 'Street tacos and fresh salsa',
    locality: 'Silver Lake',
    country: 'US',
    timezone: 'America/Los_Angeles',
    status: 'REJECTED',
    rejectReason: 'The logo is blurry. Please upload a sharper image.',
    colors: ['#c62828', '#ffeb3b'],
  },
  {
    name: 'The Crumpet Club',
    description: 'Tea, crumpets and cream teas',
    locality: 'Camden Town',
    country: 'GB',
    timezone: 'Europe/London',
    status: 'UNPUBLISHED',
    colors: ['#2e7d32', '#f1f8e9'],
  },
  {
    name: 'Flat White Ponsonby',
    description: 'Specialty coffee and brunch',
    locality: 'Ponsonby',
    country: 'NZ',
    timezone: 'Pacific/Auckland',
    status: 'PUBLISHED',
    colors: ['#37474f', '#eceff1'],
  },
];

/** A simple square logo (a cup on a coloured tile), drawn with shapes only so it needs no fonts. */
function logoSvg([background, foreground]: [string, string]): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="96" fill="${background}"/>
  <path d="M136 200h200v96a100 100 0 0 1-100 100a100 100 0 0 1-100-100z" fill="${foreground}"/>
  <path d="M336 224h24a44 44 0 0 1 0 88h-28" fill="none" stroke="${foreground}" stroke-width="22"/>
  <rect x="120" y="410" width="272" height="22" rx="11" fill="${foreground}"/>
  <path d="M196 104c-20 24 20 40 0 72M248 96c-20 28 20 44 0 80M300 104c-20 24 20 40 0 72" fill="none" ` +
      `stroke="${foreground}" stroke-width="12" stroke-linecap="round"/>
</svg>`,
  );
}

/** Stores a logo the way POST /uploads does (re-encoded, with its 300 and 130 variants) so /api/media serves it. */
async function storeLogo(services: Services, ownerId: string, colors: [string, string]): Promise<string> {
  return storeDemoImage(services, ownerId, logoSvg(colors), 'SQUARE');
}

/** Stores an SVG drawing as an upload of `ownerId` cropped to `aspect` (as POST /uploads would), answering its path. */
export async function storeDemoImage(services: Services, ownerId: string, svg: Buffer, aspect: ImageAspect): Promise<string> {
  const png = await sharp(svg).png().toBuffer();
  const image = await encodeUpload(png, { maxPixels: services.config.upload.maxPixels }, aspect);
  const id = crypto.randomUUID();
  const path = `img/${id}.${image.ext}`;
  await services.storage.put(path, image.body, image.contentType);
  for (const v of image.variants) await services.storage.put(`img/${id}_w${v.width}.${image.ext}`, v.body, image.contentType);
  await services.db
    .insert(images)
    .values({ path, ownerId, format: image.ext, width: image.width, height: image.height, bytes: image.body.length });
  return path;
}

async function demoUser(services: Services, account: (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS]): Promise<string> {
  const { db, clock } = services;
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  if (found) return found.id;
  // Same as the accounts demo: verified, with the demo password.
  await db
    .insert(users)
    .values({
      email: account.email,
      name: account.name,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      emailVerifiedAt: clock.now(),
      isSuperAdmin: account.superAdmin,
    })
    .onConflictDoNothing({ target: users.email });
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  return row.id;
}

/**
 * Demo shops of owner@servery.demo in every country and listing state, staff@servery.demo as a USER of the first,
 * and one pending invitation. Idempotent: shops that exist (by name, among demo shops) are left alone.
 * Returns lines worth logging (the invitation link, when one was created).
 */
export async function loadShopsDemo(services: Services): Promise<string[]> {
  const { db, clock } = services;
  const ownerId = await demoUser(services, DEMO_ACCOUNTS.owner);
  const staffId = await demoUser(services, DEMO_ACCOUNTS.staff);
  const lines: string[] = [];
  for (const demo of DEMO_SHOPS) {
    const [exists] = await db
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.name, demo.name), eq(shops.demo, true)));
    if (exists) continue;
    const logo = await storeLogo(services, ownerId, demo.colors);
    const now = clock.now();
    const token = randomToken();
    const shopId = await db.transaction(async (tx) => {
      const [shop] = await tx
        .insert(shops)
        .values({
          name: demo.name,
          description: demo.description,
          locality: demo.locality,
          logo: { path: logo },
          timezone: demo.timezone,
          country: demo.country,
          demo: true,
          updatedBy: ownerId,
          listingStatus: demo.status,
          rejectReason: demo.rejectReason ?? null,
          submittedAt: now,
        })
        .returning({ id: shops.id });
      await tx.insert(shopSellers).values({ shopId: shop.id, userId: ownerId, role: 'ADMIN' });
      if (demo.staff) await tx.insert(shopSellers).values({ shopId: shop.id, userId: staffId, role: 'USER' });
      if (demo.fee) await tx.insert(shopSettings).values({ shopId: shop.id, kind: 'transaction_fee', value: demo.fee, updatedBy: ownerId });
      if (demo.invite) {
        const [invite] = await tx
          .insert(invites)
          .values({
            shopId: shop.id,
            fromUserId: ownerId,
            fromEmail: DEMO_ACCOUNTS.owner.email,
            toEmail: demo.invite,
            role: 'USER',
            tokenHash: hashToken(token),
            createdAt: now,
            expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
          })
          .returning({ id: invites.id });
        lines.push(
          `Demo invitation for ${demo.invite} to ${demo.name}: ` +
            inviteLink(services.config.publicUrl, shop.id, invite.id, 'accept', token),
        );
      }
      return shop.id;
    });
    lines.push(`Demo shop ${demo.name} (${demo.country}, ${demo.status}): ${shopId}`);
  }
  return lines;
}
