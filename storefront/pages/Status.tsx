import { useEffect, useState, useSyncExternalStore } from 'react';
import { orderStatus, statusEventsUrl } from '../api';
import { money, when, type Locale } from '../format';
import type { OrderStatus, PlacedOrder, ShopPage } from '../types';
import { words } from '../words';

/** How often the page asks again when the live stream is not available. */
const POLL_MS = 5000;

const noSubscription = () => () => undefined;
function readPlaced(orderId: string): string | null {
  try {
    return sessionStorage.getItem(placedKey(orderId));
  } catch {
    return null;
  }
}

/** What the placement answered, kept for the tab, so the page has something to show even before the status answers. */
export const placedKey = (orderId: string) => `servery-placed:${orderId}`;

function fromPlaced(p: PlacedOrder, shopName: string): OrderStatus {
  return {
    id: p.id,
    number: p.number,
    status: p.status,
    stage: 'placed',
    placedAt: p.placedAt,
    readyAt: null,
    markedReadyAt: null,
    scheduledFor: p.scheduled ? p.collectionTime : null,
    rejectReason: null,
    payment: { type: p.paymentType, outcome: p.paymentType === 'CREDIT_CARD' ? 'charged' : 'pay_at_counter' },
    lines: p.cart.items.map((i) => ({ name: i.name, choices: i.summary, quantity: i.quantity, unitPrice: i.unitPrice, total: i.total })),
    totals: {
      subtotal: p.cart.subtotal,
      deliveryCharges: p.cart.deliveryCharges,
      discount: p.cart.discount,
      creditCardSurcharge: p.cart.creditCardSurcharge,
      total: p.cart.grandTotal,
    },
    collectionType: p.collectionType,
    collectionTime: p.collectionTime,
    customerName: p.customerName,
    shopName,
  };
}

/**
 * The order's page: its stage in words, live. The status stream (EventSource) sends the whole status on each change;
 * where it is not available the page asks again every few seconds, with the last answer's ETag.
 */
export function Status({
  shopId,
  orderId,
  token,
  initial,
  page,
  now,
  locale,
  menuHref,
}: {
  shopId: string;
  orderId: string;
  token: string;
  initial: OrderStatus | null;
  page: ShopPage;
  now: Date;
  locale: Locale;
  menuHref: string;
}) {
  const [live, setLive] = useState<OrderStatus | null>(null);
  const [missing, setMissing] = useState(false);
  // What placing answered, kept in the tab: read once hydrated (the server has no such storage).
  const placed = useSyncExternalStore(
    noSubscription,
    () => readPlaced(orderId),
    () => null,
  );
  const status = live ?? initial ?? (placed ? fromPlaced(JSON.parse(placed) as PlacedOrder, page.shop.name) : null);

  useEffect(() => {
    if (!token) return;
    let etag: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const r = await orderStatus(shopId, orderId, token, etag);
        if (stopped) return;
        if (r.status) {
          setLive(r.status);
          setMissing(false);
        } else if (r.missing) setMissing(true);
        etag = r.etag;
      } catch {
        // Offline for a moment: the next poll tries again.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    let source: EventSource | null = null;
    if (typeof EventSource !== 'undefined') {
      source = new EventSource(statusEventsUrl(shopId, orderId, token));
      // Each change comes as a `status` event whose data is the whole status.
      source.addEventListener('status', (e) => {
        try {
          setLive(JSON.parse((e as MessageEvent<string>).data) as OrderStatus);
          setMissing(false);
        } catch {
          // Not a status: ignored.
        }
      });
      source.onerror = () => {
        // The stream is gone (or was never there): fall back to asking.
        source?.close();
        source = null;
        if (!stopped && !timer) void poll();
      };
    } else void poll();
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(timer);
    };
  }, [shopId, orderId, token]);

  if (!status) {
    return (
      <main id="main" className="status">
        <p>{missing || !token ? words.statusUnknown : words.live}</p>
        <p>
          <a href={menuHref}>{words.orderMore}</a>
        </p>
      </main>
    );
  }
  const final = ['completed', 'rejected', 'cancelled', 'payment_failed'].includes(status.stage);
  return (
    <main id="main" className="status">
      <h1>{words.orderNumber(status.number)}</h1>
      <p className={`stage stage-${status.stage}`} role="status" aria-live="polite">
        {words.stage[status.stage] ?? status.status}
      </p>
      {status.stage === 'placed' ? <p>{words.thanks(status.customerName)}</p> : null}
      {status.scheduledFor ? (
        <p className="scheduled">{words.scheduledFor(when(new Date(status.scheduledFor), now, locale, words))}</p>
      ) : null}
      {status.markedReadyAt ? <p>{words.readySince(when(new Date(status.markedReadyAt), now, locale, words))}</p> : null}
      {status.readyAt && status.stage !== 'ready' ? <p>{words.readyAt(when(new Date(status.readyAt), now, locale, words))}</p> : null}
      {status.collectionTime && !status.scheduledFor ? (
        <p>{words.collectAt(when(new Date(status.collectionTime), now, locale, words))}</p>
      ) : null}
      {status.rejectReason ? <p>{words.reason(status.rejectReason)}</p> : null}
      {status.failureMessage ? <p>{status.failureMessage}</p> : null}
      <section className="panel" aria-labelledby="status-lines">
        <h2 id="status-lines">{words.cart}</h2>
        <ul className="cart-lines">
          {status.lines.map((l, i) => (
            <li key={i} className="cart-line">
              <div className="cart-line-text">
                <span className="cart-line-name">
                  {l.quantity} × {l.name}
                </span>
                {l.choices ? <span className="muted small">{l.choices}</span> : null}
              </div>
              <span className="cart-line-price">{money(l.total, locale)}</span>
            </li>
          ))}
        </ul>
        <dl className="totals">
          {status.totals.deliveryCharges ? (
            <div>
              <dt>{words.delivery}</dt>
              <dd>{money(status.totals.deliveryCharges, locale)}</dd>
            </div>
          ) : null}
          {status.totals.loyaltyDiscount ? (
            <div>
              <dt>{words.loyalty}</dt>
              <dd>−{money(status.totals.loyaltyDiscount, locale)}</dd>
            </div>
          ) : null}
          {status.totals.discount ? (
            <div>
              <dt>{words.discount}</dt>
              <dd>−{money(status.totals.discount, locale)}</dd>
            </div>
          ) : null}
          {status.totals.creditCardSurcharge ? (
            <div>
              <dt>{words.surcharge}</dt>
              <dd>{money(status.totals.creditCardSurcharge, locale)}</dd>
            </div>
          ) : null}
          <div className="grand">
            <dt>{words.total}</dt>
            <dd>{money(status.totals.total, locale)}</dd>
          </div>
        </dl>
        <p className="muted">
          {words.outcome[status.payment.outcome ?? ''] ?? (status.payment.type === 'CREDIT_CARD' ? words.paid : words.payAtCounter)}
        </p>
      </section>
      {!final ? <p className="muted small">{words.live}</p> : null}
      <p>
        <a href={menuHref}>{words.orderMore}</a>
      </p>
    </main>
  );
}
