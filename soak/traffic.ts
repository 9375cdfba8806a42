import crypto from 'node:crypto';
import { addDays, localDate } from '../domain/hours';
import { BOOKING_DAYS, TZ, type SeededShop } from './seed';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Why requests were sent again: a status or an error code, and how often. */
export const retryReasons = new Map<string, number>();
const count = (reason: string) => retryReasons.set(reason, (retryReasons.get(reason) ?? 0) + 1);

/** How long a client keeps retrying one request before it gives up (as an app would show an error). */
const GIVE_UP_MS = 120_000;
/** Retries back off from this, doubling up to MAX_BACKOFF_MS, with jitter: a fleet of apps does not stampede. */
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 4_000;

export interface Placed {
  kind: 'order' | 'booking';
  key: string;
  shop: SeededShop;
  card: boolean;
  /** When the first attempt was sent (epoch ms). */
  sentAt: number;
  /** When the 201 came (epoch ms), or null. */
  doneAt: number | null;
  status: number | null;
  attempts: number;
  id: string | null;
  /** The last connection error or non-201 body, when it never got a 201. */
  error?: string;
}

export interface StaffAction {
  orderId: string;
  shop: SeededShop;
  action: 'accept' | 'reject';
  card: boolean;
  /** 200, or 409 on a retry whose first attempt had already gone through; anything else is a failure. */
  status: number | null;
  attempts: number;
  error?: string;
}

/**
 * A request as a customer's app or the console sends it: on a connection error (a killed process) or a 5xx (the
 * database restarting) it is sent again after a moment, with the same body and Idempotency-Key, to the next process.
 */
async function send(ports: number[], first: number, path: string, body: object, headers: Record<string, string>) {
  const t0 = now();
  let attempts = 0;
  let error = '';
  for (let turn = first; now() - t0 < GIVE_UP_MS; turn++) {
    attempts++;
    try {
      const res = await fetch(`http://127.0.0.1:${ports[turn % ports.length]}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      if (res.status < 500) {
        return { status: res.status, attempts, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, error: text };
      }
      error = `${res.status} ${text.slice(0, 200)}`;
      count(`HTTP ${res.status}`);
    } catch (e) {
      const cause = (e as Error & { cause?: { code?: string } }).cause;
      error = cause ? String(cause) : String(e);
      count(cause?.code ?? (e as Error).name);
    }
    await sleep(Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempts - 1)) * (0.5 + Math.random()));
  }
  return { status: null, attempts, json: {}, error };
}

/**
 * Customers placing orders (a share by card) and bookings at `rate` a second for `seconds`, round-robin over the shops
 * and the processes; staff accept or reject a share of the orders a moment after they arrive.
 */
export async function runTraffic(opts: {
  ports: number[];
  shops: SeededShop[];
  rate: number;
  seconds: number;
  shouldStop: () => boolean;
  onPlaced?: (p: Placed) => void;
}) {
  const placed: Placed[] = [];
  const actions: StaffAction[] = [];
  const pending: Promise<void>[] = [];
  const today = localDate(new Date(), TZ);
  const total = Math.round(opts.rate * opts.seconds);
  const t0 = now();
  const staff = (p: Placed) => {
    const roll = Math.random();
    if (roll >= 0.7) return; // left NEW, as some are
    const action: StaffAction = {
      orderId: p.id!,
      shop: p.shop,
      action: roll < 0.25 ? 'reject' : 'accept',
      card: p.card,
      status: null,
      attempts: 0,
    };
    actions.push(action);
    const path = `/api/cafes/${p.shop.id}/orders/${p.id}/${action.action}`;
    const body = action.action === 'reject' ? { reason: 'Out of milk' } : {};
    pending.push(
      (async () => {
        await sleep(500 + Math.random() * 2000);
        const r = await send(opts.ports, p.shop.index + 1, path, body, { authorization: `Bearer ${p.shop.staffToken}` });
        action.status = r.status;
        action.attempts = r.attempts;
        if (r.status !== 200 && !(r.status === 409 && r.attempts > 1)) action.error = r.error.slice(0, 300);
      })(),
    );
  };
  for (let i = 0; i < total && !opts.shouldStop(); i++) {
    const due = t0 + (i * 1000) / opts.rate;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    const shop = opts.shops[i % opts.shops.length];
    const booking = i % 5 === 4;
    const card = !booking && i % 3 === 0;
    const p: Placed = {
      kind: booking ? 'booking' : 'order',
      key: crypto.randomUUID(),
      shop,
      card,
      sentAt: now(),
      doneAt: null,
      status: null,
      attempts: 0,
      id: null,
    };
    placed.push(p);
    const n = String(10_000_000 + i).slice(-8);
    let path: string;
    let body: object;
    if (booking) {
      const minutes = 11 * 60 + 15 * (i % 20);
      path = `/api/storefront/shops/${shop.id}/bookings`;
      body = {
        name: `Soak Guest ${i}`,
        phone: `04${n}`,
        pax: 2 + (i % 9),
        date: addDays(today, 1 + (i % BOOKING_DAYS)),
        time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
      };
    } else {
      path = `/api/storefront/shops/${shop.id}/orders`;
      body = {
        items: [
          { itemId: shop.latte, quantity: 2 },
          { itemId: shop.cake, quantity: 1 },
        ],
        customerName: `Soak Customer ${i}`,
        mobile: `+614${n}`,
        collectionType: 'PICKUP',
        collectionTime: null,
        paymentType: card ? 'CREDIT_CARD' : 'CASH',
        ...(card ? { paymentToken: 'tok_visa' } : {}),
      };
    }
    pending.push(
      (async () => {
        const r = await send(opts.ports, i, path, body, { 'idempotency-key': p.key });
        p.status = r.status;
        p.attempts = r.attempts;
        if (r.status === 201) {
          p.doneAt = now();
          p.id = String(r.json.id);
          opts.onPlaced?.(p);
          if (p.kind === 'order') staff(p);
        } else p.error = r.error.slice(0, 300);
      })(),
    );
  }
  // Staff actions are pushed while placements finish: wait until no new ones come.
  for (let seen = -1; seen !== pending.length;) {
    seen = pending.length;
    await Promise.all(pending.slice(0));
  }
  return { placed, actions };
}
