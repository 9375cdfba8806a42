import type { ShopPage } from '../types';
import { when, type Locale } from '../format';
import { words } from '../words';

/** The shop's state in words: open until, closed and when it opens, busy, or not taking orders. */
export function stateWords(page: ShopPage, now: Date, locale: Locale): { text: string; tone: 'open' | 'closed' | 'busy' } {
  const s = page.state;
  const at = (iso: string) => when(new Date(iso), now, locale, words);
  if (!s.takesOrders) return { text: s.paused && s.pausedUntil ? words.pausedUntil(at(s.pausedUntil)) : words.notTaking, tone: 'closed' };
  if (!s.open) return { text: s.opens ? words.closedOpens(at(s.opens)) : words.closed, tone: 'closed' };
  if (s.extraMinutes > 0) return { text: words.busy(s.extraMinutes), tone: 'busy' };
  return { text: s.until ? words.openUntil(at(s.until)) : words.open24, tone: 'open' };
}

/** `bookHref`: where "Book a table" goes, on the menu of a shop that takes bookings. */
export function ShopHeader({ page, now, locale, bookHref }: { page: ShopPage; now: Date; locale: Locale; bookHref?: string }) {
  const { shop } = page;
  const state = stateWords(page, now, locale);
  // Open but busy also says until when it is open.
  const openUntil = page.state.takesOrders && page.state.open && page.state.extraMinutes > 0 && page.state.until;
  return (
    <header className="shop-header">
      {shop.logo ? (
        <img className="logo" src={shop.logo.sizes['130'] ?? shop.logo.url} alt={words.logo(shop.name)} width={64} height={64} />
      ) : null}
      <div className="shop-title">
        <h1>{shop.name}</h1>
        {shop.description ? <p className="muted">{shop.description}</p> : null}
        <p className={`state state-${state.tone}`}>
          <span className="dot" aria-hidden="true" />
          {state.text}
          {openUntil ? ` · ${words.openUntil(when(new Date(openUntil), now, locale, words))}` : null}
        </p>
        {shop.address || shop.locality ? <p className="muted">{shop.address ?? shop.locality}</p> : null}
        {shop.phone ? (
          <p className="contact">
            <a href={`tel:${shop.phone}`}>{words.call(shop.phoneDisplay ?? shop.phone)}</a>
          </p>
        ) : null}
        {bookHref ? (
          <p className="book-link">
            <a className="secondary" href={bookHref}>
              {words.bookTable}
            </a>
          </p>
        ) : null}
      </div>
    </header>
  );
}
