import type { CartLine, MenuItem } from './types';

/** A line of the customer's cart: what the API takes, and what the page shows until a quote names it. */
export interface CartEntry {
  key: string;
  line: CartLine;
  name: string;
}

export type CartAction =
  | { type: 'add'; entry: CartEntry }
  | { type: 'quantity'; key: string; quantity: number }
  | { type: 'remove'; key: string }
  | { type: 'clear' }
  | { type: 'restore'; entries: CartEntry[] };

export function cartReducer(state: CartEntry[], action: CartAction): CartEntry[] {
  switch (action.type) {
    case 'add':
      return [...state, action.entry];
    case 'quantity':
      return state.map((e) =>
        e.key === action.key ? { ...e, line: { ...e.line, quantity: Math.max(1, Math.min(99, action.quantity)) } } : e,
      );
    case 'remove':
      return state.filter((e) => e.key !== action.key);
    case 'clear':
      return [];
    case 'restore':
      return action.entries;
  }
}

const storageKey = (shopId: string) => `servery-cart:${shopId}`;

/** The cart kept for the tab, so a reload or the way back from the status page keeps it; read after hydration. */
export function loadCart(shopId: string): CartEntry[] {
  try {
    const raw = sessionStorage.getItem(storageKey(shopId));
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed) ? (parsed as CartEntry[]).filter((e) => e && typeof e.key === 'string' && e.line?.itemId) : [];
  } catch {
    return [];
  }
}

export function saveCart(shopId: string, entries: CartEntry[]) {
  try {
    if (entries.length) sessionStorage.setItem(storageKey(shopId), JSON.stringify(entries));
    else sessionStorage.removeItem(storageKey(shopId));
  } catch {
    // Private mode or full storage: the cart lives as long as the page.
  }
}

/** The lowest price an item is offered at, for the menu ('from $12.00' on a pizza). */
export function fromPrice(item: MenuItem): { price: number; from: boolean } {
  if (item.type === 'PIZZA' && item.sizes?.length) {
    const prices = item.sizes.map((s) => s.price);
    return { price: Math.min(...prices), from: new Set(prices).size > 1 };
  }
  const choices = item.attributes.some((a) => a.values.some((v) => v.extraCharge > 0));
  return { price: item.price, from: choices };
}

/** The item has choices to make (opens the item sheet rather than adding at once). */
export const hasChoices = (item: MenuItem) => item.attributes.length > 0 || item.type !== 'BASIC';
