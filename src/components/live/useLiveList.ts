import { useSyncExternalStore } from 'react';
import { useGetList, type RaRecord } from 'react-admin';
import { hashKey } from '@tanstack/react-query';

/** A live board's list, as useGetList takes it. */
export interface LiveListParams {
  filter: Record<string, unknown>;
  sort: { field: string; order: 'ASC' | 'DESC' };
  pagination: { page: number; perPage: number };
  meta: { shopId: string };
}

/** The query key useGetList gives the list: the board writes events into that cache entry. */
export const liveListKey = (resource: string, p: LiveListParams) => [
  resource,
  'getList',
  { pagination: p.pagination, sort: p.sort, filter: p.filter, meta: p.meta },
];

/**
 * Away from its board (the sidebar's count on any other page), a list is read again this often: nothing else tells
 * the page about a new order or booking there. While a board follows the list live it is never polled.
 */
const AWAY_FROM_BOARD_MS = 60_000;

// The lists an open board keeps up to date from the event stream, by hashed query key, with how many boards do.
const followed = new Map<string, number>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Marks the lists as followed live until the returned function is called. */
export function followLive(keys: unknown[][]): () => void {
  const hashes = keys.map((k) => hashKey(k));
  for (const h of hashes) followed.set(h, (followed.get(h) ?? 0) + 1);
  changed();
  return () => {
    for (const h of hashes) {
      const n = (followed.get(h) ?? 1) - 1;
      if (n > 0) followed.set(h, n);
      else followed.delete(h);
    }
    changed();
  };
}

/**
 * One list of a live board, shared (one query) by the board's column and the sidebar's count: polled only while no
 * board follows it live.
 */
export function useLiveList<R extends RaRecord>(resource: string, params: LiveListParams) {
  const hash = hashKey(liveListKey(resource, params));
  const live = useSyncExternalStore(
    subscribe,
    () => followed.has(hash),
    () => false,
  );
  return useGetList<R>(resource, params, { refetchInterval: live ? false : AWAY_FROM_BOARD_MS, refetchIntervalInBackground: true });
}
