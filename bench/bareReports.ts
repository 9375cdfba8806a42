import type pg from 'pg';

/*
 * The baselines of the reports bench: the same figures read straight from the orders table with one SQL aggregate
 * each (no rollup, no HTTP), the way a report without kept totals would answer.
 */

/** The orders report's tiles over a range of instants, aggregated from the orders. */
export async function bareOrdersSummary(pool: pg.Pool, shopId: string, gte: Date, lt: Date) {
  const { rows } = await pool.query({
    name: 'bare_orders_summary',
    text: `SELECT count(*) FILTER (WHERE order_status_restaurant = 'ACCEPTED') AS orders,
        sum(grand_total) FILTER (WHERE order_status_restaurant = 'ACCEPTED') AS net,
        sum(delivery_charges) FILTER (WHERE order_status_restaurant = 'ACCEPTED') AS delivery,
        sum(discount) FILTER (WHERE order_status_restaurant = 'ACCEPTED') AS discounts,
        sum(credit_card_surcharge) FILTER (WHERE order_status_restaurant = 'ACCEPTED') AS surcharges,
        sum(grand_total) FILTER (WHERE order_status_restaurant = 'DECLINED' AND accepted_at IS NOT NULL
                                 AND payment_status = 'REFUND_SUCCESS') AS refunds
      FROM orders WHERE shop_id = $1 AND placed_at >= $2 AND placed_at < $3`,
    values: [shopId, gte, lt],
  });
  return rows[0];
}

/** The sales report's totals per day over a range, aggregated from the orders. */
export async function bareSalesSummary(pool: pg.Pool, shopId: string, gte: Date, lt: Date, timeZone: string) {
  const { rows } = await pool.query({
    name: 'bare_sales_summary',
    text: `SELECT (placed_at AT TIME ZONE $4)::date AS day, sum(grand_total) AS total, sum(application_fee) AS fees,
        count(*) FILTER (WHERE payment_type = 'CREDIT_CARD') AS card_charges
      FROM orders WHERE shop_id = $1 AND placed_at >= $2 AND placed_at < $3 AND order_status_restaurant = 'ACCEPTED'
      GROUP BY 1 ORDER BY 1`,
    values: [shopId, gte, lt, timeZone],
  });
  return rows;
}
