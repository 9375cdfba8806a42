/** A list as useGetList keeps it in the query cache. */
export interface ListPage<R> {
  data: R[];
  total?: number;
  pageInfo?: unknown;
  meta?: unknown;
}

/**
 * The list with `record` where it now belongs: replaced (and moved to keep the order), inserted, or taken out, with
 * `total` kept right. A list that cannot hold more than `perPage` keeps its length: a record that sorts past the end
 * only counts.
 */
export function placeInList<R extends { id: string }>(
  page: ListPage<R>,
  record: R,
  belongs: boolean,
  compare: (a: R, b: R) => number,
  perPage: number,
): ListPage<R> {
  const others = page.data.filter((r) => r.id !== record.id);
  const had = others.length !== page.data.length;
  if (!belongs && !had) return page;
  const total = page.total === undefined ? undefined : page.total + (belongs ? 1 : 0) - (had ? 1 : 0);
  if (!belongs) return { ...page, data: others, total };
  // After its equals, so a record arriving in the same second as another goes below it.
  const at = others.findIndex((r) => compare(record, r) < 0);
  const data = at === -1 ? [...others, record] : [...others.slice(0, at), record, ...others.slice(at)];
  return { ...page, data: data.slice(0, perPage), total };
}
