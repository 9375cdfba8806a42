import { useCallback, useEffect, useState } from 'react';

/*
 * Orders someone has opened or acknowledged on this device stop ringing. Kept per shop in localStorage, so every
 * tab of the board agrees (the storage event tells the others), and pruned to the orders still NEW.
 */
const key = (shopId: string) => `servery.orders.ack.${shopId}`;
const CHANGED = 'servery-orders-ack';

function read(shopId: string): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(key(shopId)) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function acknowledgeOrders(shopId: string, ids: string[], keepOnly?: string[]) {
  const current = read(shopId);
  const next = [...new Set([...current, ...ids])].filter((id) => !keepOnly || keepOnly.includes(id)).slice(-500);
  localStorage.setItem(key(shopId), JSON.stringify(next));
  window.dispatchEvent(new Event(CHANGED));
}

export function useAcknowledged(shopId: string) {
  const [ids, setIds] = useState(() => read(shopId));
  useEffect(() => {
    const update = () => setIds(read(shopId));
    update();
    window.addEventListener(CHANGED, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(CHANGED, update);
      window.removeEventListener('storage', update);
    };
  }, [shopId]);
  const acknowledge = useCallback((list: string[], keepOnly?: string[]) => acknowledgeOrders(shopId, list, keepOnly), [shopId]);
  return { acknowledged: ids, acknowledge };
}
