import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { newIdempotencyKey, placeOrder, type OrderBody } from '../api';
import type { CartEntry } from '../cart';
import { cartBody, slotsFor, type CheckoutOptions } from '../checkoutOptions';
import { CartLines, QuoteSummary, quoteOf } from '../components/Cart';
import { Field, TextField } from '../components/Field';
import { cardErrors, simulatedToken, TestCardFields, type CardValue } from '../components/CardFields';
import type { CardTokenizer } from '../components/StripeCard';
import { money, time, when, type Locale } from '../format';
import type { ApiError, Hours, Menu, PlacedOrder, ShopPage } from '../types';
import type { QuoteState } from '../useQuote';
import { words } from '../words';

const StripeCard = lazy(() => import('../components/StripeCard'));

interface Details {
  name: string;
  mobile: string;
  email: string;
  collectionName: string;
  comments: string;
}

type FieldErrors = Partial<Record<string, string>>;

export function Checkout({
  shopId,
  page,
  menu,
  hours,
  now,
  locale,
  entries,
  options,
  setOptions,
  quoted,
  onQuantity,
  onRemove,
  onPlaced,
  onBack,
}: {
  shopId: string;
  page: ShopPage;
  menu: Menu;
  hours: Hours | null;
  now: Date;
  locale: Locale;
  entries: CartEntry[];
  options: CheckoutOptions;
  setOptions: (o: Partial<CheckoutOptions>) => void;
  quoted: QuoteState;
  onQuantity: (key: string, q: number) => void;
  onRemove: (key: string) => void;
  onPlaced: (order: PlacedOrder) => void;
  onBack: () => void;
}) {
  const [details, setDetails] = useState<Details>({ name: '', mobile: '', email: '', collectionName: '', comments: '' });
  const [couponText, setCouponText] = useState(options.coupon);
  const [card, setCard] = useState<CardValue>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [placingError, setPlacingError] = useState<ApiError | null>(null);
  // The first field in error takes the focus once it is rendered as one (not before: it is not marked yet).
  const [invalid, setInvalid] = useState(0);
  useEffect(() => {
    if (invalid) document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalid]);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const attempt = useRef<{ key: string; body: string; answered: boolean } | null>(null);
  const tokenizer = useRef<CardTokenizer>(null);
  const c = page.checkout;
  const service = options.collectionType === 'PICKUP' ? hours?.pickup : hours?.delivery;
  const asapOffered = !!service?.open && page.state.open;
  const slots = slotsFor(page, hours, options.collectionType, now, locale);
  const quote = quoteOf(quoted);
  const refusal = quoted.state === 'refused' ? quoted.error : null;
  const couponError = refusal?.errors?.coupon ?? null;

  const setType = (collectionType: CheckoutOptions['collectionType']) => {
    const svc = collectionType === 'PICKUP' ? hours?.pickup : hours?.delivery;
    const later = options.later || !svc?.open;
    const list = slotsFor(page, hours, collectionType, now, locale);
    setOptions({ collectionType, later, slot: later ? (list.includes(options.slot) ? options.slot : (list[0] ?? '')) : '' });
  };

  function validate(): FieldErrors {
    const e: FieldErrors = {};
    if (!details.name.trim()) e.name = words.fieldRequired(words.name);
    if (!/^\+?[0-9 ()-]{6,20}$/.test(details.mobile.trim())) e.mobile = words.fieldRequired(words.mobile);
    if (options.collectionType === 'DELIVERY') {
      if (!options.suburb) e.suburb = words.fieldRequired(words.suburb);
      if (!options.line1.trim()) e.line1 = words.fieldRequired(words.address);
    }
    if (options.later && !options.slot) e.slot = words.fieldRequired(words.slot);
    if (c.collectionName && !details.collectionName.trim()) e.collectionName = words.fieldRequired(c.collectionName.title);
    if (options.paymentType === 'CREDIT_CARD' && page.payment.provider === 'simulated') {
      const ce = cardErrors(card);
      if (ce.number) e.cardnumber = ce.number;
      if (ce.expiry) e.expiry = ce.expiry;
      if (ce.cvc) e.cvc = ce.cvc;
    }
    return e;
  }

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    // A second tap while the first is on its way does nothing: the button is disabled, and this guards the gap before.
    if (sendingRef.current) return;
    const found = validate();
    setErrors(found);
    setFailure(null);
    setPlacingError(null);
    if (Object.keys(found).length) {
      setFailure(words.fixErrors);
      setInvalid((n) => n + 1);
      return;
    }
    const cart = cartBody(entries, options, menu.delivery.suburbs);
    if (!cart) return;
    sendingRef.current = true;
    setSending(true);
    try {
      let paymentToken: string | undefined;
      if (options.paymentType === 'CREDIT_CARD') {
        if (page.payment.provider === 'stripe') {
          const t = await tokenizer.current?.tokenize();
          if (!t || 'error' in t) {
            setFailure(t?.error ?? words.cardUnavailable);
            return;
          }
          paymentToken = t.token;
        } else paymentToken = simulatedToken(card.number);
      }
      const order: OrderBody = {
        ...cart,
        ...(cart.deliveryAddress ? { deliveryAddress: { ...cart.deliveryAddress, line1: options.line1.trim() } } : {}),
        customerName: details.name.trim(),
        mobile: details.mobile.trim(),
        ...(details.email.trim() ? { email: details.email.trim() } : {}),
        ...(c.collectionName && details.collectionName.trim() ? { collectionName: details.collectionName.trim() } : {}),
        ...(c.comments && details.comments.trim() ? { comments: details.comments.trim() } : {}),
        ...(paymentToken ? { paymentToken } : {}),
      };
      // One key per order: the same body sent again (a retry after a lost answer) keeps it, so the server answers the
      // first result instead of placing a second order; a changed order once the last was answered gets a new one.
      const body = JSON.stringify(order);
      if (!attempt.current || (attempt.current.body !== body && attempt.current.answered))
        attempt.current = { key: newIdempotencyKey(), body, answered: false };
      else attempt.current.body = body;
      const res = await placeOrder(shopId, order, attempt.current.key);
      if (res.ok) {
        onPlaced(res.data);
        return;
      }
      attempt.current.answered = res.error.status !== 0;
      setPlacingError(res.error);
      setFailure(res.error.status === 0 ? words.lostAnswer : res.error.message);
      if (res.error.errors) {
        const mapped: FieldErrors = {};
        for (const [k, v] of Object.entries(res.error.errors)) {
          if (k === 'customerName') mapped.name = v;
          else if (k === 'deliveryAddress.suburb') mapped.suburb = v;
          else if (k.startsWith('deliveryAddress')) mapped.line1 = v;
          else mapped[k] = v;
        }
        setErrors(mapped);
      }
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }

  const total = quote ? money(quote.grandTotal, locale) : null;
  // A slot names its day, today included, so a list that runs past midnight reads unambiguously.
  const slotLabel = (iso: string) => {
    const d = new Date(iso);
    const label = when(d, now, locale, words);
    return label === time(d, locale) ? `${label} ${words.today}` : label;
  };
  return (
    <main className="checkout" id="main">
      <p>
        <button type="button" className="link-button back" onClick={onBack}>
          ← {words.backToMenu}
        </button>
      </p>
      <h1>{words.checkout}</h1>
      <form onSubmit={submit} noValidate>
        <section className="panel" aria-labelledby="co-cart">
          <h2 id="co-cart">{words.cart}</h2>
          <CartLines entries={entries} quoted={quoted} locale={locale} onQuantity={onQuantity} onRemove={onRemove} placing={placingError} />
        </section>

        {c.pickup && c.delivery ? (
          <fieldset className="panel choices">
            <legend>{words.howCollect}</legend>
            {(['PICKUP', 'DELIVERY'] as const).map((t) => (
              <label key={t} className="choice">
                <input type="radio" name="collectionType" checked={options.collectionType === t} onChange={() => setType(t)} />
                <span>{t === 'PICKUP' ? words.pickup : words.deliveryOption}</span>
              </label>
            ))}
          </fieldset>
        ) : null}

        {options.collectionType === 'DELIVERY' ? (
          <section className="panel" aria-labelledby="co-delivery">
            <h2 id="co-delivery">{words.deliveryOption}</h2>
            <Field id="suburb" label={words.suburb} error={errors.suburb ?? refusal?.errors?.['deliveryAddress.suburb']}>
              {(p) => (
                <select {...p} value={options.suburb} onChange={(e) => setOptions({ suburb: e.target.value })}>
                  <option value="">{words.chooseSuburb}</option>
                  {menu.delivery.suburbs.map((s) => (
                    <option key={`${s.name}|${s.postcode}`} value={`${s.name}|${s.postcode}`}>
                      {words.suburbCharge(s.name, s.postcode, money(s.deliveryCharges, locale))}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id="line1" label={words.address} error={errors.line1}>
              {(p) => (
                <input {...p} autoComplete="street-address" value={options.line1} onChange={(e) => setOptions({ line1: e.target.value })} />
              )}
            </Field>
          </section>
        ) : null}

        <fieldset className="panel choices">
          <legend>{words.when}</legend>
          {asapOffered ? (
            <label className="choice">
              <input type="radio" name="when" checked={!options.later} onChange={() => setOptions({ later: false, slot: '' })} />
              <span>{words.asap}</span>
            </label>
          ) : null}
          {c.laterTime ? (
            <label className="choice">
              <input
                type="radio"
                name="when"
                checked={options.later}
                onChange={() => setOptions({ later: true, slot: options.slot || (slots[0] ?? '') })}
              />
              <span>{words.later}</span>
            </label>
          ) : null}
          {options.later ? (
            slots.length ? (
              <Field id="slot" label={words.slot} error={errors.slot ?? refusal?.errors?.collectionTime}>
                {(p) => (
                  <select {...p} value={options.slot} onChange={(e) => setOptions({ slot: e.target.value })}>
                    {slots.map((s) => (
                      <option key={s} value={s}>
                        {slotLabel(s)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : (
              <p className="muted">{words.noSlots}</p>
            )
          ) : null}
        </fieldset>

        <section className="panel" aria-labelledby="co-you">
          <h2 id="co-you">{words.you}</h2>
          <TextField
            id="name"
            label={words.name}
            error={errors.name}
            autoComplete="name"
            value={details.name}
            onChange={(name) => setDetails({ ...details, name })}
          />
          <TextField
            id="mobile"
            label={words.mobile}
            error={errors.mobile}
            type="tel"
            autoComplete="tel"
            value={details.mobile}
            onChange={(mobile) => setDetails({ ...details, mobile })}
          />
          <TextField
            id="email"
            label={words.email}
            error={errors.email}
            type="email"
            autoComplete="email"
            value={details.email}
            onChange={(email) => setDetails({ ...details, email })}
          />
          {c.collectionName ? (
            <Field id="collectionName" label={c.collectionName.title} error={errors.collectionName}>
              {(p) => (
                <input {...p} value={details.collectionName} onChange={(e) => setDetails({ ...details, collectionName: e.target.value })} />
              )}
            </Field>
          ) : null}
          {c.comments ? (
            <Field id="comments" label={words.comments} error={errors.comments}>
              {(p) => (
                <textarea
                  {...p}
                  rows={2}
                  maxLength={500}
                  value={details.comments}
                  onChange={(e) => setDetails({ ...details, comments: e.target.value })}
                />
              )}
            </Field>
          ) : null}
        </section>

        {c.coupons ? (
          <div className="panel">
            <div className="coupon-row">
              <Field id="coupon" label={words.coupon} error={options.coupon ? (couponError ?? undefined) : undefined}>
                {(p) => (
                  <input
                    {...p}
                    autoCapitalize="characters"
                    value={couponText}
                    maxLength={14}
                    onChange={(e) => setCouponText(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        setOptions({ coupon: couponText.trim().toUpperCase() });
                      }
                    }}
                  />
                )}
              </Field>
              <button type="button" className="secondary" onClick={() => setOptions({ coupon: couponText.trim().toUpperCase() })}>
                {words.apply}
              </button>
            </div>
            {options.coupon && quoted.state === 'priced' && quoted.quote.coupon ? (
              <p className="success" role="status">
                {words.couponApplied(quoted.quote.coupon, money(quoted.quote.discount, locale))}
              </p>
            ) : null}
          </div>
        ) : null}

        <fieldset className="panel choices">
          <legend>{words.pay}</legend>
          {c.cash ? (
            <label className="choice">
              <input
                type="radio"
                name="payment"
                checked={options.paymentType === 'CASH'}
                onChange={() => setOptions({ paymentType: 'CASH' })}
              />
              <span>{words.payCash}</span>
            </label>
          ) : null}
          {c.card ? (
            <label className="choice">
              <input
                type="radio"
                name="payment"
                checked={options.paymentType === 'CREDIT_CARD'}
                onChange={() => setOptions({ paymentType: 'CREDIT_CARD' })}
              />
              <span>{words.payCard}</span>
            </label>
          ) : null}
          {options.paymentType === 'CREDIT_CARD' && page.payment.provider === 'simulated' ? (
            <TestCardFields
              value={card}
              onChange={setCard}
              errors={{ number: errors.cardnumber, expiry: errors.expiry, cvc: errors.cvc }}
            />
          ) : null}
          {options.paymentType === 'CREDIT_CARD' && page.payment.provider === 'stripe' ? (
            <Suspense fallback={<p className="muted small">{words.cardLoading}</p>}>
              <StripeCard
                ref={tokenizer}
                publishableKey={page.payment.publishableKey}
                accountId={page.payment.accountId}
                amountMinor={Math.round((quote?.grandTotal ?? 0) * 100)}
                currency={page.shop.currency}
              />
            </Suspense>
          ) : null}
        </fieldset>

        <section className="panel" aria-label={words.total}>
          <QuoteSummary quoted={quoted} locale={locale} />
        </section>

        {failure ? (
          <p className="error banner" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="primary wide place" disabled={sending || !entries.length} aria-busy={sending}>
          {sending ? words.placing : total ? words.placeOrder(total) : words.placeOrderNoTotal}
        </button>
      </form>
    </main>
  );
}
