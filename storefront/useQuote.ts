import { useEffect, useState } from 'react';
import { quote, type CartBody } from './api';
import type { ApiError, Quote } from './types';

export type QuoteState =
  | { state: 'idle' }
  | { state: 'pending'; last: Quote | null }
  | { state: 'priced'; quote: Quote }
  | { state: 'refused'; error: ApiError; last: Quote | null };

/** How long choices must stay still before they are priced: one quote per pause, not one per tap. */
const DEBOUNCE_MS = 250;

interface Answer {
  key: string;
  result: QuoteState;
  /** The last figures the server gave, shown (dimmed) while a change is being priced. */
  lastPriced: Quote | null;
}

/**
 * The server's price of `body` (POST …/quote), asked again a moment after it last changed; the page never works a
 * price out itself. A newer body cancels the answer to an older one. Null prices nothing.
 */
export function useQuote(shopId: string, body: CartBody | null): QuoteState {
  const key = body ? JSON.stringify(body) : null;
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!key) return;
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      const res = await quote(shopId, JSON.parse(key) as CartBody, abort.signal);
      if (abort.signal.aborted) return;
      setAnswer((prev) =>
        res.ok
          ? { key, result: { state: 'priced', quote: res.data }, lastPriced: res.data }
          : { key, result: { state: 'refused', error: res.error, last: prev?.lastPriced ?? null }, lastPriced: prev?.lastPriced ?? null },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [shopId, key]);
  if (!key) return IDLE;
  if (answer?.key === key) return answer.result;
  return { state: 'pending', last: answer?.lastPriced ?? null };
}

const IDLE: QuoteState = { state: 'idle' };

/** The refusal's words for line `index` of the cart (errors items.N or deeper, items.N.halves.1), if it names the line. */
export function lineError(error: ApiError | undefined, index: number): string | null {
  if (!error?.errors) return null;
  const prefix = `items.${index}`;
  const key = Object.keys(error.errors).find((k) => k === prefix || k.startsWith(`${prefix}.`));
  return key ? error.errors[key]! : null;
}
