import { sql } from 'drizzle-orm';
import type { Availability } from '../../../domain/catalog/availability';
import { format, messages } from '../../../domain/messages';
import type { Db } from '../../infra/db/client';
import { AppError } from '../../infra/http/errors';

/**
 * Marks one of the shop's pizza toppings (the Pizza Settings document) sold out or back on sale. One UPDATE that
 * rewrites only that topping's `availability` inside the stored document: the row lock it takes orders it with a
 * concurrent save of the whole document, and PostgreSQL re-reads the newest version before applying it, so neither
 * change is computed from a stale copy. Answers the stored document; 404 when no topping has that name.
 */
export async function setShopToppingAvailability(
  shopId: string,
  db: Db,
  topping: string,
  availability: Availability,
  by: string,
  now: Date,
): Promise<unknown> {
  const res = await db.execute<{ value: unknown }>(sql`
    UPDATE shop_settings
    SET value = jsonb_set(value, '{toppings}', (
          SELECT jsonb_agg(CASE WHEN t ->> 'name' = ${topping}
                                THEN t || jsonb_build_object('availability', ${JSON.stringify(availability)}::jsonb)
                                ELSE t END ORDER BY i)
          FROM jsonb_array_elements(value -> 'toppings') WITH ORDINALITY AS e(t, i))),
        updated_by = ${by}, updated_at = ${now}
    WHERE shop_id = ${shopId} AND kind = 'pizza' AND jsonb_typeof(value -> 'toppings') = 'array'
      AND EXISTS (SELECT 1 FROM jsonb_array_elements(value -> 'toppings') AS e(t) WHERE t ->> 'name' = ${topping})
    RETURNING value`);
  if (!res.rows.length) throw new AppError(404, format(messages.noSuchShopTopping, { name: topping }), 'NOT_FOUND');
  return res.rows[0].value;
}
