import { lazy, Suspense, type ComponentType, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { PageData, PlacedOrder, Route, MenuItem, CartLine } from './types';
import { cartReducer, loadCart, saveCart } from './cart';
import { cartBody, initialOptions, slotsFor, type CheckoutOptions } from './checkoutOptions';
import { useQuote } from './useQuote';
import { money, type Locale } from './format';
import { words } from './words';
import { ShopHeader } from './components/ShopHeader';
import { Billboards, Posts } from './components/News';
import { CategoryNav, MenuList } from './components/MenuList';
import { ItemSheet, type PriceContext } from './components/ItemSheet';
import { Sheet } from './components/Sheet';
import { CartLines, QuoteSummary, quoteOf } from './components/Cart';
import { placedKey, Status } from './pages/Status';

/** The page's paths: /order/{shopId}, …/checkout, …/orders/{orderId}?token=, …/book, …/bookings/{bookingId}?token=. */
export function routeOf(pathname: string, search: string): Route | null {
  const m = /^\/order\/[^/]+(?:\/(checkout|book|orders\/([^/]+)|bookings\/([^/]+)))?\/?$/.exec(pathname);
  if (!m) return null;
  const token = () => new URLSearchParams(search).get('token') ?? '';
  if (m[1] === 'checkout') return { name: 'checkout' };
  if (m[1] === 'book') return { name: 'book' };
  if (m[2]) return { name: 'status', orderId: decodeURIComponent(m[2]), token: token() };
  if (m[3]) return { name: 'booking', bookingId: decodeURIComponent(m[3]), token: token() };
  return { name: 'menu' };
}

const pathOf = (shopId: string, route: Route): string => {
  switch (route.name) {
    case 'checkout':
      return `/order/${shopId}/checkout`;
    case 'status':
      return `/order/${shopId}/orders/${encodeURIComponent(route.orderId)}?token=${encodeURIComponent(route.token)}`;
    case 'book':
      return `/order/${shopId}/book`;
    case 'booking':
      return `/order/${shopId}/bookings/${encodeURIComponent(route.bookingId)}?token=${encodeURIComponent(route.token)}`;
    default:
      return `/order/${shopId}`;
  }
};

let lineKeys = 0;

// Checkout is code of its own, fetched when the cart opens (or the page starts on it): the menu is usable sooner.
const loadCheckout = () => import('./pages/Checkout');
const Checkout = lazy(() => loadCheckout().then((m) => ({ default: m.Checkout })));

/** The table booking form and a booking's page: their own code too, rarely wanted with an order. */
export type BookingPages = typeof import('./pages/Booking');
const loadBooking = () => import('./pages/Booking');
const LazyBookTable = lazy(() => loadBooking().then((m) => ({ default: m.BookTable })));
const LazyBookingStatus = lazy(() => loadBooking().then((m) => ({ default: m.BookingStatus })));

/**
 * The customers' ordering page: the menu, an item's choices, the cart, checkout and the order's status; booking a
 * table and the booking's page. The server passes `pages` already loaded, so the booking pages are in its HTML; the
 * browser keeps that HTML (a Suspense boundary hydrates once its code arrives) while it fetches their chunk.
 */
export function App({ data, pages }: { data: PageData; pages?: BookingPages }) {
  const { page, menu, hours, shopId } = data;
  const locale: Locale = useMemo(
    () => ({ locale: page.shop.locale, currency: page.shop.currency, timeZone: page.shop.timeZone }),
    [page.shop.locale, page.shop.currency, page.shop.timeZone],
  );
  const [route, setRoute] = useState<Route>(data.route);
  // The first render reads the server's clock, so it matches the server's HTML; then the phone's keeps it current.
  const [now, setNow] = useState(() => new Date(data.now));
  useEffect(() => {
    const tick = () => setNow(new Date());
    const first = setTimeout(tick, 0);
    const every = setInterval(tick, 60_000);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, []);

  const [entries, dispatch] = useReducer(cartReducer, []);
  const restored = useRef(false);
  useEffect(() => {
    dispatch({ type: 'restore', entries: loadCart(shopId) });
    restored.current = true;
  }, [shopId]);
  useEffect(() => {
    if (restored.current) saveCart(shopId, entries);
  }, [shopId, entries]);

  const [options, setOptionsState] = useState<CheckoutOptions>(() => initialOptions(page, hours));
  const setOptions = useCallback((o: Partial<CheckoutOptions>) => setOptionsState((prev) => ({ ...prev, ...o })), []);
  const body = useMemo(() => (menu ? cartBody(entries, options, menu.delivery.suburbs) : null), [entries, options, menu]);
  const quoted = useQuote(shopId, route.name === 'menu' || route.name === 'checkout' ? body : null);

  const [item, setItem] = useState<MenuItem | null>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const [announce, setAnnounce] = useState('');

  const navigate = useCallback(
    (to: Route) => {
      window.history.pushState(null, '', pathOf(shopId, to));
      setRoute(to);
      window.scrollTo(0, 0);
    },
    [shopId],
  );
  useEffect(() => {
    const back = () => setRoute(routeOf(window.location.pathname, window.location.search) ?? { name: 'menu' });
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);

  const canOrder = !!menu && page.state.takesOrders;
  // An item is priced as the cart would be now: for pickup (else delivery to the first suburb), at once when open,
  // else at the first slot.
  const priceContext = useMemo<PriceContext>(() => {
    const type = page.checkout.pickup || !menu?.delivery.suburbs.length ? 'PICKUP' : 'DELIVERY';
    const svc = type === 'PICKUP' ? hours?.pickup : hours?.delivery;
    const slot = svc && !svc.open ? (slotsFor(page, hours, type, new Date(data.now), locale)[0] ?? null) : null;
    const suburb = menu?.delivery.suburbs[0];
    return {
      collectionType: type,
      collectionTime: slot,
      ...(type === 'DELIVERY' && suburb
        ? { deliveryAddress: { line1: '-', suburb: suburb.name, postcode: suburb.postcode || undefined } }
        : {}),
    };
  }, [page, hours, menu, data.now, locale]);

  const onAdd = useCallback((line: CartLine, name: string) => {
    dispatch({ type: 'add', entry: { key: `${Date.now().toString(36)}-${++lineKeys}`, line, name } });
    setItem(null);
    setAnnounce(words.added(name));
  }, []);

  const onPlaced = useCallback(
    (order: PlacedOrder) => {
      try {
        sessionStorage.setItem(placedKey(order.id), JSON.stringify(order));
      } catch {
        // The status page asks the server.
      }
      dispatch({ type: 'clear' });
      saveCart(shopId, []);
      window.location.assign(pathOf(shopId, { name: 'status', orderId: order.id, token: order.statusToken ?? '' }));
    },
    [shopId],
  );

  if (route.name === 'status') {
    return (
      <div className="app">
        <ShopHeader page={page} now={now} locale={locale} />
        <Status
          shopId={shopId}
          orderId={route.orderId}
          token={route.token}
          initial={data.status}
          page={page}
          now={now}
          locale={locale}
          menuHref={`/order/${shopId}`}
        />
      </div>
    );
  }

  if (route.name === 'book' || route.name === 'booking') {
    const BookTable: ComponentType<Parameters<BookingPages['BookTable']>[0]> = pages?.BookTable ?? LazyBookTable;
    const BookingStatus: ComponentType<Parameters<BookingPages['BookingStatus']>[0]> = pages?.BookingStatus ?? LazyBookingStatus;
    return (
      <div className="app">
        <ShopHeader page={page} now={now} locale={locale} />
        <Suspense fallback={<p className="empty">{words.loading}</p>}>
          {route.name === 'book' ? (
            <BookTable shopId={shopId} page={page} now={now} locale={locale} />
          ) : (
            <BookingStatus shopId={shopId} bookingId={route.bookingId} token={route.token} initial={data.booking} locale={locale} />
          )}
        </Suspense>
      </div>
    );
  }

  if (route.name === 'checkout' && menu) {
    return (
      <div className="app">
        <Suspense fallback={<p className="empty">{words.loading}</p>}>
          <Checkout
            shopId={shopId}
            page={page}
            menu={menu}
            hours={hours}
            now={now}
            locale={locale}
            entries={entries}
            options={options}
            setOptions={setOptions}
            quoted={quoted}
            onQuantity={(key, quantity) => dispatch({ type: 'quantity', key, quantity })}
            onRemove={(key) => dispatch({ type: 'remove', key })}
            onPlaced={onPlaced}
            onBack={() => navigate({ name: 'menu' })}
          />
        </Suspense>
      </div>
    );
  }

  const count = entries.reduce((n, e) => n + e.line.quantity, 0);
  const quote = quoteOf(quoted);
  return (
    <div className="app">
      <ShopHeader page={page} now={now} locale={locale} bookHref={page.booking?.showLink ? pathOf(shopId, { name: 'book' }) : undefined} />
      <Billboards images={data.billboards} />
      <Posts posts={data.posts} locale={locale} />
      {menu ? <CategoryNav menu={menu} /> : null}
      <main id="main" className="menu-main">
        <h2 className="visually-hidden">{words.menu}</h2>
        {menu ? (
          <MenuList menu={menu} locale={locale} now={now} onOpen={setItem} canOrder={canOrder} />
        ) : (
          <p className="empty">{words.emptyMenu}</p>
        )}
      </main>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
      {count > 0 ? (
        <div className="cart-bar">
          <button
            type="button"
            className="primary wide"
            onClick={() => {
              setCartOpen(true);
              void loadCheckout();
            }}
            aria-haspopup="dialog"
          >
            <span>{words.viewCart(count)}</span>
            {quote ? <span>{money(quote.grandTotal, locale)}</span> : null}
          </button>
        </div>
      ) : null}
      {menu ? (
        <ItemSheet
          shopId={shopId}
          item={item}
          menu={menu}
          locale={locale}
          priceContext={priceContext}
          canOrder={canOrder}
          onAdd={onAdd}
          onClose={() => setItem(null)}
        />
      ) : null}
      <Sheet
        open={cartOpen}
        onClose={() => setCartOpen(false)}
        title={words.cart}
        titleId="cart-title"
        variant="drawer"
        footer={
          <button
            type="button"
            className="primary wide"
            disabled={!entries.length}
            onClick={() => {
              setCartOpen(false);
              navigate({ name: 'checkout' });
            }}
          >
            {words.checkout}
          </button>
        }
      >
        <CartLines
          entries={entries}
          quoted={quoted}
          locale={locale}
          onQuantity={(key, quantity) => dispatch({ type: 'quantity', key, quantity })}
          onRemove={(key) => dispatch({ type: 'remove', key })}
        />
        {entries.length ? <QuoteSummary quoted={quoted} locale={locale} /> : null}
      </Sheet>
    </div>
  );
}
