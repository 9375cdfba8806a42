import type { CartEntry } from '../cart';
import type { ApiError, Quote } from '../types';
import { money, type Locale } from '../format';
import { lineError, type QuoteState } from '../useQuote';
import { words } from '../words';

/** The quoted figures: subtotal, delivery, discount, surcharge and total, as the server priced them. */
export function Totals({ quote, locale }: { quote: Quote; locale: Locale }) {
  return (
    <dl className="totals">
      <div>
        <dt>{words.subtotal}</dt>
        <dd>{money(quote.subtotal, locale)}</dd>
      </div>
      {quote.deliveryCharges ? (
        <div>
          <dt>{words.delivery}</dt>
          <dd>{money(quote.deliveryCharges, locale)}</dd>
        </div>
      ) : null}
      {quote.discount ? (
        <div>
          <dt>{quote.coupon ? `${words.discount} (${quote.coupon})` : words.discount}</dt>
          <dd>−{money(quote.discount, locale)}</dd>
        </div>
      ) : null}
      {quote.creditCardSurcharge ? (
        <div>
          <dt>{quote.creditCardSurchargeMessage ?? words.surcharge}</dt>
          <dd>{money(quote.creditCardSurcharge, locale)}</dd>
        </div>
      ) : null}
      <div className="grand">
        <dt>{words.total}</dt>
        <dd>{money(quote.grandTotal, locale)}</dd>
      </div>
    </dl>
  );
}

export const quoteOf = (q: QuoteState): Quote | null =>
  q.state === 'priced' ? q.quote : q.state === 'pending' || q.state === 'refused' ? q.last : null;

/** The cart's lines with their quoted prices and any refusal of each, quantity steppers and remove buttons. */
export function CartLines({
  entries,
  quoted,
  locale,
  onQuantity,
  onRemove,
  editable = true,
  placing,
}: {
  entries: CartEntry[];
  quoted: QuoteState;
  locale: Locale;
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
  editable?: boolean;
  /** Placing's refusal, when it names lines the last quote did not (an item sold out since). */
  placing?: ApiError | null;
}) {
  const quote = quoted.state === 'priced' ? quoted.quote : null;
  const refusal = quoted.state === 'refused' ? quoted.error : undefined;
  if (!entries.length) return <p className="empty">{words.emptyCart}</p>;
  return (
    <ul className="cart-lines">
      {entries.map((e, i) => {
        const priced = quote?.items[i];
        const problem = lineError(refusal, i) ?? lineError(placing ?? undefined, i);
        return (
          <li key={e.key} className={problem ? 'cart-line refused' : 'cart-line'}>
            <div className="cart-line-text">
              <span className="cart-line-name">
                {e.line.quantity} × {e.name}
              </span>
              {priced?.summary ? <span className="muted small">{priced.summary}</span> : null}
              {problem ? (
                <span className="error small" role="alert">
                  {problem}
                </span>
              ) : null}
            </div>
            <span className="cart-line-price">{priced ? money(priced.total, locale) : ''}</span>
            {editable ? (
              <div className="cart-line-actions">
                <button
                  type="button"
                  className="icon-button small"
                  aria-label={`${words.less}: ${e.name}`}
                  disabled={e.line.quantity <= 1}
                  onClick={() => onQuantity(e.key, e.line.quantity - 1)}
                >
                  −
                </button>
                <button
                  type="button"
                  className="icon-button small"
                  aria-label={`${words.more}: ${e.name}`}
                  onClick={() => onQuantity(e.key, e.line.quantity + 1)}
                >
                  +
                </button>
                <button type="button" className="link-button" aria-label={words.remove(e.name)} onClick={() => onRemove(e.key)}>
                  {words.removeShort}
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** What the quote says about the whole cart: the total, or the server's reason it cannot be taken as it is. */
export function QuoteSummary({ quoted, locale }: { quoted: QuoteState; locale: Locale }) {
  const quote = quoteOf(quoted);
  return (
    <div className="quote-summary" aria-live="polite">
      {quote ? <Totals quote={quote} locale={locale} /> : null}
      {quoted.state === 'refused' ? (
        <p className="error" role="alert">
          {quoted.error.message}
        </p>
      ) : null}
      {quoted.state === 'pending' ? <p className="muted small">{words.pricing}</p> : null}
    </div>
  );
}
