import { useMemo, useState } from 'react';
import { useGetList, type RaRecord } from 'react-admin';
import { currentMonth, orderRange, type OrderRange } from '../../../domain/shopRanges';
import { useShop } from '../../contracts/shopContext';
import { useDebounced } from '../useDebounced';

export const HISTORY_PER_PAGE = 20;
const SEARCH_DEBOUNCE_MS = 500;

/** One select of a history's filters: its first option ('') means any value. Labels are message keys. */
export interface HistoryChoice {
  /** The list filter's parameter the chosen value goes in. */
  param: string;
  label: string;
  /** The first option's label. */
  any: string;
  options: readonly string[];
  /** How an option reads. */
  words: (option: string) => string;
}

/** What a history lists and how it can be narrowed: the area's part of the frame. Labels are message keys. */
export interface HistorySource {
  resource: string;
  /** The record's date the range applies to (`<dateField>_gte`, `_lte`); the list is latest first by it. */
  dateField: string;
  labels: { range: string; month: string; search: string };
  /** The selects after the range, in this order (the filter's parameters follow it too). */
  choices: HistoryChoice[];
}

/**
 * A history page's state and list: the range on the shop's clock (Today at first, or a month), the selects' values,
 * the search text (sent once typing stops), and the page, back to the first whenever a filter changes. `source` should
 * keep its identity between renders (a constant, or memoized on translate): the filter is rebuilt when it changes.
 */
export function useHistory<R extends RaRecord, F extends object = Record<string, string>>(source: HistorySource) {
  const { shop } = useShop();
  const [range, setRange] = useState<OrderRange>('TODAY');
  const [month, setMonth] = useState(() => currentMonth(new Date(), shop.timezone));
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const { dateField, choices } = source;

  const filter = useMemo(() => {
    const { gte, lte } = orderRange(range, new Date(), shop.timezone, month);
    const narrowed = choices.flatMap((c) => (chosen[c.param] ? [[c.param, chosen[c.param]]] : []));
    return {
      [`${dateField}_gte`]: gte,
      [`${dateField}_lte`]: lte,
      ...Object.fromEntries(narrowed),
      ...(q ? { q } : {}),
    } as unknown as F;
  }, [range, month, shop.timezone, dateField, choices, chosen, q]);

  const list = useGetList<R>(source.resource, {
    filter,
    sort: { field: dateField, order: 'DESC' },
    pagination: { page, perPage: HISTORY_PER_PAGE },
    meta: { shopId: shop.id },
  });

  return {
    source,
    filter,
    list,
    /** The list has answered, with nothing in it. */
    empty: !list.isPending && !list.error && !list.data?.length,
    page,
    setPage,
    range: { range, month },
    setRange: (next: { range: OrderRange; month: string }) => {
      setRange(next.range);
      setMonth(next.month);
      setPage(1);
    },
    chosen,
    choose: (param: string, value: string) => {
      setChosen((was) => ({ ...was, [param]: value }));
      setPage(1);
    },
    text,
    search: (next: string) => {
      setText(next);
      setPage(1);
    },
  };
}

/** What the frame is given: a history whatever its filter's type. */
export type History<R extends RaRecord = RaRecord> = ReturnType<typeof useHistory<R, object>>;
