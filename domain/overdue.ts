// When a NEW order is overdue: the orders' monitor (order settings), read by the board's cards and its first view
// (a small script without the settings' schema, hence a module of its own).

/** The monitor's defaults, for a shop that never saved its order settings. */
export const OVERDUE_DEFAULTS = { hasUnprocessedOrderMonitor: true, unprocessedOrderAlertMinutes: 5 } as const;

/** Minutes an order has waited past the monitor's delay, or null while it is not overdue. */
export function overdueMinutes(
  order: { placedAt: string; orderStatusRestaurant: string },
  settings: { hasUnprocessedOrderMonitor?: boolean; unprocessedOrderAlertMinutes?: number } | undefined,
  now: number,
): number | null {
  if (order.orderStatusRestaurant !== 'NEW') return null;
  if (!(settings?.hasUnprocessedOrderMonitor ?? OVERDUE_DEFAULTS.hasUnprocessedOrderMonitor)) return null;
  const delay = settings?.unprocessedOrderAlertMinutes ?? OVERDUE_DEFAULTS.unprocessedOrderAlertMinutes;
  const waited = Math.floor((now - new Date(order.placedAt).getTime()) / 60_000);
  return Number.isFinite(waited) && waited >= delay ? waited : null;
}
