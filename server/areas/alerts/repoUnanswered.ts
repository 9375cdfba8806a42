import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';

/**
 * How far back an answer is looked for. The run only needs answers since the previous count, which the sweep makes
 * within a day of an order reaching the kitchen; bounding by placed_at keeps the query on the shop's placed_at index
 * (a scheduled order can be placed well before it reaches the kitchen, hence more than a day).
 */
const ANSWERS_PLACED_WITHIN_DAYS = 30;

/**
 * Counts `orderId` as unanswered in the caller's transaction and answers the shop's run including it, or null when
 * the order was counted before (by an earlier sweep, or another process). The run row is locked, so concurrent counts
 * of one shop go one after the other. An answer from someone (an order accepted, or rejected by a person) since the
 * previous count starts the run again: the shop is being watched.
 */
export async function countUnanswered(shopId: string, tx: Db, orderId: string, now: Date): Promise<number | null> {
  const marked = await tx.execute(sql`
    INSERT INTO unanswered_orders (shop_id, order_id, counted_at) VALUES (${shopId}, ${orderId}, ${now})
    ON CONFLICT DO NOTHING RETURNING order_id`);
  if (marked.rows.length === 0) return null;
  await tx.execute(sql`INSERT INTO unanswered_runs (shop_id) VALUES (${shopId}) ON CONFLICT DO NOTHING`);
  const { rows } = await tx.execute<{ count: number; last_counted_at: string | null }>(
    sql`SELECT count, last_counted_at FROM unanswered_runs WHERE shop_id = ${shopId} FOR UPDATE`,
  );
  const run = rows[0];
  const lastAnswer = run.last_counted_at ? await lastAnswerAt(shopId, tx, now) : null;
  const answeredSince = lastAnswer !== null && run.last_counted_at !== null && lastAnswer > new Date(run.last_counted_at);
  const count = (answeredSince ? 0 : Number(run.count)) + 1;
  await tx.execute(sql`UPDATE unanswered_runs SET count = ${count}, last_counted_at = ${now} WHERE shop_id = ${shopId}`);
  return count;
}

/** The run starts again after the shop paused itself (the orders still waiting from before count towards the next). */
export async function endRun(shopId: string, tx: Db, now: Date): Promise<void> {
  await tx.execute(sql`UPDATE unanswered_runs SET count = 0, last_paused_at = ${now} WHERE shop_id = ${shopId}`);
}

/**
 * When someone last answered one of the shop's orders: accepted it, or rejected it themselves (the sweep's own
 * rejection leaves acted_by empty, and is no answer).
 */
async function lastAnswerAt(shopId: string, tx: Db, now: Date): Promise<Date | null> {
  const { rows } = await tx.execute<{ at: string | null }>(sql`
    SELECT max(GREATEST(accepted_at,
                        CASE WHEN order_status_restaurant = 'DECLINED' AND acted_by IS NOT NULL THEN updated_at END)) AS at
      FROM orders
     WHERE shop_id = ${shopId} AND placed_at > ${now}::timestamptz - make_interval(days => ${ANSWERS_PLACED_WITHIN_DAYS})`);
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

/** Where a pause's mail goes: the shop's ADMINs (its owner among them). */
export async function adminAddresses(shopId: string, tx: Db): Promise<string[]> {
  const { rows } = await tx.execute<{ email: string }>(sql`
    SELECT DISTINCT lower(u.email) AS email FROM shop_sellers s JOIN users u ON u.id = s.user_id
     WHERE s.shop_id = ${shopId} AND s.role = 'ADMIN' ORDER BY 1`);
  return rows.map((r) => r.email);
}
