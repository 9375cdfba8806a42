import { useCallback, useMemo, useState } from 'react';

const key = (shopId: string) => `servery.bookings.seen.${shopId}`;

function read(shopId: string): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(key(shopId)) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Which NEW bookings someone has seen on this device (acknowledged, or acted on): a new booking rings until then.
 * Kept in this browser across reloads; only the ids still NEW are kept, so the list never grows.
 */
export function useSeenBookings(shopId: string, newIds: readonly string[]) {
  const [seen, setSeen] = useState<string[]>(() => read(shopId));
  const unseen = useMemo(() => newIds.filter((id) => !seen.includes(id)), [newIds, seen]);
  const see = useCallback(
    (ids: readonly string[]) =>
      setSeen((before) => {
        const next = [...new Set([...before.filter((id) => newIds.includes(id)), ...ids])];
        localStorage.setItem(key(shopId), JSON.stringify(next));
        return next;
      }),
    [newIds, shopId],
  );
  return { unseen, see };
}
