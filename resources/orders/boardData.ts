/**
 * What the board reads, shared by the console's board and its first view (boardEarly.ts), which asks the same: its
 * two lists as react-admin reads them (useGetList's params, hence its query keys) and as the API takes them
 * (ra-data-simple-rest's query string), and this device's own setting.
 */

/** 'on' when this device prints a ticket as it accepts an order. */
export const PRINT_ON_ACCEPT_KEY = 'servery.orders.printOnAccept';

/** The first view's overdue sample card waited this long: the script finds the number in its chip and writes the real one. */
export const SAMPLE_OVERDUE_MINUTES = 123;

const list = (shopId: string, filter: Record<string, unknown>, field = 'placedAt') => ({
  filter,
  sort: { field, order: 'ASC' as const },
  pagination: { page: 1, perPage: 200 },
  meta: { shopId },
});

export const boardLists = (shopId: string) => ({
  /** NEW orders in the kitchen's hands (not scheduled for later), oldest first. */
  fresh: list(shopId, { orderStatusRestaurant: 'NEW', scheduled: false }),
  /** Accepted, in the kitchen's hands and not completed yet, oldest first. */
  making: list(shopId, { orderStatusRestaurant: 'ACCEPTED', completed: false, scheduled: false }),
  /** Open orders waiting for their time to reach the kitchen, by when they are due. */
  scheduled: list(shopId, { orderStatusRestaurant: ['NEW', 'ACCEPTED'], completed: false, scheduled: true }, 'collectionTime'),
});

type List = ReturnType<typeof list>;

/** The query key useGetList gives a list, for seeding a query client with it. */
export const listKey = (l: List) => ['orders', 'getList', { pagination: l.pagination, sort: l.sort, filter: l.filter, meta: l.meta }];

/** The API path of a list, below the API's base. */
export function listPath(l: List): string {
  const { page, perPage } = l.pagination;
  const query = new URLSearchParams({
    sort: JSON.stringify([l.sort.field, l.sort.order]),
    range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
    filter: JSON.stringify(l.filter),
  });
  return `/shops/${encodeURIComponent(l.meta.shopId)}/orders?${query}`;
}
