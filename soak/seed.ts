import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/serverConfig';
import { connect } from '../server/infra/db/client';
import { createServices } from '../server/infra/services';
import { createSession } from '../server/infra/auth/sessions';
import { hashPassword } from '../server/infra/auth/password';
import { shops, shopSellers, users } from '../server/infra/db/tables';
import { defaultBooking } from '../domain/booking';
import { defaultOrderProcess } from '../domain/orderProcess';
import { perWeekday } from '../domain/weekdays';

const OPEN = { open: '00:00', duration: 24, available: true };
const CLOSED = { ...OPEN, available: false };
const TIMINGS = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [
    d,
    { pickup: OPEN, pickupExt: CLOSED, delivery: OPEN, deliveryExt: CLOSED },
  ]),
);
export const BOOKING_DAYS = 60;
export const TZ = 'Australia/Sydney';

export interface SeededShop {
  index: number;
  id: string;
  latte: string;
  cake: string;
  /** The staff member who accepts and rejects (ADMIN), signed in. */
  staffToken: string;
  /** Where its new-order alerts go. */
  alertEmail: string;
}

export const alertEmailOf = (index: number) => `soak+${index}@soak.test`;

/**
 * The platform the soak runs on, written straight into the database (as bench/ seeds): SHOPS published shops open
 * around the clock with a two-item menu, bookings on for lunch, new-order alerts to soak+<index>@soak.test; one ADMIN
 * per shop who works the orders and one USER per dashboard (a shop's tablets), each signed in with a session of its own.
 */
export async function seed(databaseUrl: string, opts: { shops: number; dashboards: number; jwtSecret: string }) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: opts.jwtSecret,
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    LOG_LEVEL: 'silent',
  });
  const database = connect(databaseUrl, 4);
  try {
    const services = await createServices(config, database, { log: () => undefined });
    const { db } = database;
    const created = await db
      .insert(shops)
      .values(
        Array.from({ length: opts.shops }, (_, i) => ({
          name: `Soak Cafe ${i + 1}`,
          description: 'Coffee, cakes and tables',
          locality: 'Surry Hills',
          timezone: TZ,
          country: 'AU',
          listingStatus: 'PUBLISHED' as const,
        })),
      )
      .returning({ id: shops.id });
    const doc = JSON.stringify({ discounted: false, dows: [], timeOfDayApplicable: null, image: null, attributes: [] });
    const booking = {
      ...defaultBooking,
      on: true,
      numDaysInAdvance: BOOKING_DAYS + 5,
      ...perWeekday(() => ({ ...defaultBooking.monday, lunch: { on: true, open: '11:00', duration: 5, capacity: null } })),
    };
    const passwordHash = await hashPassword('soak password 1');
    const seeded: SeededShop[] = [];
    for (const [index, { id }] of created.entries()) {
      const items = await db.execute<{ id: string; name: string }>(
        sql`INSERT INTO items (shop_id, type, name, description, price_cents, doc)
            VALUES (${id}, 'BASIC', 'Latte', '', 450, ${doc}::jsonb), (${id}, 'BASIC', 'Cake', '', 599, ${doc}::jsonb)
            RETURNING id, name`,
      );
      const latte = items.rows.find((r) => r.name === 'Latte')!.id;
      const cake = items.rows.find((r) => r.name === 'Cake')!.id;
      const menu = { categories: [{ name: 'Coffee and cake', description: '', image: null, itemIds: [latte, cake] }] };
      const order = { ...defaultOrderProcess, hasUnprocessedOrderMonitor: false, newOrderAlertEmailsCsv: alertEmailOf(index) };
      await db.execute(sql`INSERT INTO shop_settings (shop_id, kind, value) VALUES
        (${id}, 'timings', ${JSON.stringify(TIMINGS)}::jsonb),
        (${id}, 'menu', ${JSON.stringify(menu)}::jsonb),
        (${id}, 'booking', ${JSON.stringify(booking)}::jsonb),
        (${id}, 'order', ${JSON.stringify(order)}::jsonb)`);
      const [staff] = await db
        .insert(users)
        .values({ email: `staff${index}@soak.test`, name: `Soak Staff ${index}`, passwordHash, emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      await db.insert(shopSellers).values({ shopId: id, userId: staff.id, role: 'ADMIN' });
      const { accessToken } = await createSession(services, staff.id);
      seeded.push({ index, id, latte, cake, staffToken: accessToken, alertEmail: alertEmailOf(index) });
    }
    // Dashboard d watches shop d % shops.
    const viewers = await db
      .insert(users)
      .values(
        Array.from({ length: opts.dashboards }, (_, d) => ({
          email: `dashboard${d}@soak.test`,
          name: `Soak Dashboard ${d}`,
          passwordHash,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    await db
      .insert(shopSellers)
      .values(viewers.map((u, d) => ({ shopId: seeded[d % seeded.length].id, userId: u.id, role: 'USER' as const })));
    const dashboardTokens: string[] = [];
    for (const u of viewers) dashboardTokens.push((await createSession(services, u.id)).accessToken);
    return { shops: seeded, dashboardTokens };
  } finally {
    await database.pool.end();
  }
}
