import { useCallback, useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useShopEvents } from './useShopEvents';
import { placeInList, type ListPage } from './placeInList';
import { followLive, liveListKey, type LiveListParams } from './useLiveList';

export type LiveRecord = { id: string };

/** One list of a board and which records, as they now are, it holds. */
export interface LiveListPlace<R> {
  params: LiveListParams;
  holds: (record: R) => boolean;
  /** This list's own order, when it is not the board's (a list of orders by when they are due). */
  compare?: (a: R, b: R) => number;
}

export interface LiveSource<R extends LiveRecord> {
  resource: string;
  lists: LiveListPlace<R>[];
  /** The order of every list: the order the server lists them in. */
  compare: (a: R, b: R) => number;
  /** Events whose data is one record exactly as an item of the lists. */
  recordEvents: readonly string[];
  /** Whether an event's data is a whole record; one that is not (an older server's summary) makes the lists read again. */
  complete: (data: Record<string, unknown>) => boolean;
  /** Other events the board follows; only `onEvent` sees them. */
  otherEvents?: readonly string[];
  /** After an event is placed, with the record as the board showed it before (undefined when none of its lists did). */
  onEvent?: (type: string, data: Record<string, unknown>, before: R | undefined) => void;
}

/**
 * Keeps a board's lists up to date from the shop's event stream without reading them again: each event's record is
 * written into the lists' query caches where it now belongs (in, moved, out). The lists are read only when the board
 * starts (useGetList) and when the stream connects without replaying what it missed: on its first connection, since
 * what happened between the first read and the subscription is in neither, and whenever the server does not resume
 * from the id the client sent. A reconnection the server replays to needs no read: the events missed come first.
 * `place` puts a record the board got another way (an action's answer) in the same way.
 */
export function useLiveBoard<R extends LiveRecord>(shopId: string, source: LiveSource<R>) {
  const queryClient = useQueryClient();
  const { resource, lists, compare, recordEvents, complete, otherEvents = [], onEvent } = source;
  const keys = useMemo(() => lists.map((l) => liveListKey(resource, l.params)), [lists, resource]);

  const place = useCallback(
    (record: R) => {
      lists.forEach((list, i) => {
        const key = keys[i]!;
        queryClient.setQueryData<ListPage<R>>(
          key,
          (page) => page && placeInList(page, record, list.holds(record), list.compare ?? compare, list.params.pagination.perPage),
        );
        // A read under way may have been answered before this change: it would put the list back as it was.
        if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') void queryClient.refetchQueries({ queryKey: key, exact: true });
      });
    },
    [compare, keys, lists, queryClient],
  );

  const shown = useCallback(
    (id: unknown): R | undefined => {
      for (const key of keys) {
        const found = queryClient.getQueryData<ListPage<R>>(key)?.data.find((r) => r.id === id);
        if (found) return found;
      }
      return undefined;
    },
    [keys, queryClient],
  );

  const reread = useCallback(() => {
    for (const key of keys) void queryClient.refetchQueries({ queryKey: key, exact: true });
  }, [keys, queryClient]);

  const handle = useCallback(
    (type: string, data: Record<string, unknown>) => {
      const before = shown(data.id);
      if (recordEvents.includes(type)) {
        if (complete(data)) place(data as unknown as R);
        else reread();
      }
      onEvent?.(type, data, before);
    },
    [complete, onEvent, place, recordEvents, reread, shown],
  );

  const types = useMemo(() => [...recordEvents, ...otherEvents], [recordEvents, otherEvents]);
  const { online } = useShopEvents(shopId, types, handle, noop, (resumed) => (resumed ? undefined : reread()));

  // While the stream is up the lists need no polling (useLiveList).
  useEffect(() => (online ? followLive(keys) : undefined), [online, keys]);

  return { online, place };
}

const noop = () => undefined;
