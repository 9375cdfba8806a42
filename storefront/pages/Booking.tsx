import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { bookingDays } from '../bookingSlots';
import { Field, TextField } from '../components/Field';
import { Sheet } from '../components/Sheet';
import { dayOf, longDay, time, type Locale } from '../format';
import type { ApiError, Booking, ShopPage } from '../types';
import { words } from '../words';

/*
 * This chunk asks the booking API itself rather than through ../api: with both ../api and ../format imported here,
 * the bundler splits React out of the page's entry into a chunk of its own, about 1 kB more (brotli) before the menu
 * can be used.
 */
const base = (shopId: string) => `/api/storefront/shops/${encodeURIComponent(shopId)}`;

/** The answer of a booking call: its JSON, or the API's refusal ({ message, errors }); status 0 when no answer came. */
async function send<T>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ ok: true; data: T } | { ok: false; error: ApiError }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    });
  } catch {
    return { ok: false, error: { status: 0, message: words.network } };
  }
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.ok) return { ok: true, data: json as T };
  return {
    ok: false,
    error: {
      status: res.status,
      message: typeof json?.message === 'string' ? json.message : words.network,
      errors: (json?.errors as Record<string, string> | undefined) ?? undefined,
    },
  };
}

/** A key for one attempt at booking (randomUUID needs a secure context; a page on plain http gets the fallback). */
const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** How often a booking's page asks again while the shop may still change it; `?poll=` (seconds, 1–60) overrides. */
const POLL_SECONDS = 15;

const bookingPath = (shopId: string, id: string, token: string) =>
  `/order/${shopId}/bookings/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;

/** A wall-clock time (HH:mm) as the shop's locale writes it ('7:30 pm' or '19:30'). */
const wallTime = (hhmm: string, locale: Locale) => {
  const [h, m] = hhmm.split(':').map(Number);
  return time(new Date(Date.UTC(2000, 0, 1, h, m)), { ...locale, timeZone: 'UTC' });
};

/** The shop's wall-clock time now, HH:mm. */
function nowTime(now: Date, locale: Locale): string {
  const p = new Intl.DateTimeFormat('en-GB', { timeZone: locale.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return p.format(now);
}

/** 'Today, Sunday 29 November', 'Tomorrow, …', else 'Tuesday 1 December'. */
function dayLabel(date: string, today: string, locale: Locale): string {
  const long = longDay(new Date(`${date}T12:00:00Z`), { ...locale, timeZone: 'UTC' });
  const rel = date === today ? words.today : date === addOne(today) ? words.tomorrow : null;
  return rel ? `${rel[0]!.toUpperCase()}${rel.slice(1)}, ${long}` : long;
}
const addOne = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

type FieldErrors = Partial<Record<string, string>>;

/**
 * The table booking form: guests, a day, one of its sessions and a time in it, then who is coming. The server judges
 * the request (capacity, closed days) and its refusal is shown as it is worded. One Idempotency-Key per attempt: a
 * retry after a lost answer sends the same key, so it never books twice.
 */
export function BookTable({ shopId, page, now, locale }: { shopId: string; page: ShopPage; now: Date; locale: Locale }) {
  const options = page.booking;
  const today = dayOf(now, locale);
  const days = useMemo(() => (options ? bookingDays(options, today, nowTime(now, locale)) : []), [options, today, now, locale]);
  const [pax, setPax] = useState(() => (options ? Math.min(Math.max(2, options.minPax), options.maxPax) : 2));
  const [chosen, setChosen] = useState<{ date: string; session: string; time: string }>({ date: '', session: '', time: '' });
  const [details, setDetails] = useState({ name: '', mobile: '', email: '', specialRequest: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [bookedNoLink, setBookedNoLink] = useState(false);
  const sendingRef = useRef(false);
  // The first field in error takes the focus once it is rendered as one.
  const [invalid, setInvalid] = useState(0);
  useEffect(() => {
    if (invalid) document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalid]);
  const attempt = useRef<{ key: string; lost: boolean } | null>(null);

  // What is chosen, or the first of each list when the choice is gone (a time passed while the page was open).
  const day = days.find((d) => d.date === chosen.date) ?? days[0];
  const session = day?.sessions.find((s) => s.session === chosen.session) ?? day?.sessions[0];
  const slotKey = (t: { date: string; time: string }) => `${t.date} ${t.time}`;
  const slot = session?.times.find((t) => slotKey(t) === chosen.time) ?? session?.times[0];

  if (!options) {
    return (
      <main id="main" className="checkout">
        <h1>{words.bookTable}</h1>
        <p>{words.bookingOff}</p>
        <p>
          <a href={`/order/${shopId}`}>{words.backToMenu}</a>
        </p>
      </main>
    );
  }

  function validate(): FieldErrors {
    const e: FieldErrors = {};
    if (!Number.isInteger(pax) || pax < options!.minPax || pax > options!.maxPax)
      e.pax = words.bookingRules(options!.minPax, options!.maxPax);
    if (!slot) e.time = words.fieldRequired(words.slot);
    if (!details.name.trim()) e.name = words.fieldRequired(words.name);
    if (!/^\+?[0-9 ()-]{6,20}$/.test(details.mobile.trim())) e.mobile = words.fieldRequired(words.mobile);
    return e;
  }

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (sendingRef.current) return;
    const found = validate();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length || !slot) {
      setFailure(words.fixErrors);
      setInvalid((n) => n + 1);
      return;
    }
    const body = {
      name: details.name.trim(),
      phone: details.mobile.trim(),
      pax,
      date: slot.date,
      time: slot.time,
      ...(details.email.trim() ? { email: details.email.trim() } : {}),
      ...(details.specialRequest.trim() ? { specialRequest: details.specialRequest.trim() } : {}),
    };
    // A new attempt gets a new key; only a retry of one whose answer was lost keeps it.
    if (!attempt.current?.lost) attempt.current = { key: newKey(), lost: false };
    sendingRef.current = true;
    setSending(true);
    try {
      const res = await send<Booking & { cancelToken?: string }>(`${base(shopId)}/bookings`, body, {
        'Idempotency-Key': attempt.current.key,
      });
      if (res.ok) {
        attempt.current = null;
        if (res.data.cancelToken) window.location.assign(bookingPath(shopId, res.data.id, res.data.cancelToken));
        else setBookedNoLink(true);
        return;
      }
      attempt.current.lost = res.error.status === 0;
      showRefusal(res.error);
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }

  function showRefusal(error: ApiError) {
    setFailure(error.status === 0 ? words.lostAnswer : error.message);
    if (!error.errors) return;
    const mapped: FieldErrors = {};
    for (const [k, v] of Object.entries(error.errors)) mapped[k === 'phone' ? 'mobile' : k === 'date' ? 'day' : k] = v;
    setErrors(mapped);
    setInvalid((n) => n + 1);
  }

  if (bookedNoLink) {
    return (
      <main id="main" className="checkout">
        <h1>{words.bookTable}</h1>
        <p role="status">{words.bookedNoLink}</p>
      </main>
    );
  }

  const paxChoices = options.maxPax - options.minPax <= 29;
  return (
    <main id="main" className="checkout">
      <p>
        <a className="back" href={`/order/${shopId}`}>
          ← {words.backToMenu}
        </a>
      </p>
      <h1>{words.bookTable}</h1>
      <form onSubmit={submit} noValidate>
        <section className="panel" aria-labelledby="bk-when">
          <h2 id="bk-when">{words.when}</h2>
          <Field id="pax" label={words.guests} error={errors.pax}>
            {(p) =>
              paxChoices ? (
                <select {...p} value={pax} onChange={(e) => setPax(Number(e.target.value))}>
                  {Array.from({ length: options.maxPax - options.minPax + 1 }, (_, i) => options.minPax + i).map((n) => (
                    <option key={n} value={n}>
                      {words.partyOf(n)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...p}
                  type="number"
                  inputMode="numeric"
                  min={options.minPax}
                  max={options.maxPax}
                  value={Number.isNaN(pax) ? '' : pax}
                  onChange={(e) => setPax(e.target.valueAsNumber)}
                />
              )
            }
          </Field>
          {days.length && day && session && slot ? (
            <>
              <Field id="day" label={words.date} error={errors.day}>
                {(p) => (
                  <select {...p} value={day.date} onChange={(e) => setChosen({ ...chosen, date: e.target.value })}>
                    {days.map((d) => (
                      <option key={d.date} value={d.date}>
                        {dayLabel(d.date, today, locale)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <fieldset className="choices session-choices">
                <legend>{words.session}</legend>
                {day.sessions.map((s) => (
                  <label key={s.session} className="choice">
                    <input
                      type="radio"
                      name="session"
                      checked={s.session === session.session}
                      onChange={() => setChosen({ ...chosen, date: day.date, session: s.session, time: '' })}
                    />
                    <span>{words.sessionFrom(words.meal[s.session] ?? s.session, wallTime(s.open, locale))}</span>
                  </label>
                ))}
              </fieldset>
              <Field id="time" label={words.slot} error={errors.time}>
                {(p) => (
                  <select
                    {...p}
                    value={slotKey(slot)}
                    onChange={(e) => setChosen({ date: day.date, session: session.session, time: e.target.value })}
                  >
                    {session.times.map((t) => (
                      <option key={slotKey(t)} value={slotKey(t)}>
                        {t.date === day.date
                          ? wallTime(t.time, locale)
                          : `${wallTime(t.time, locale)} (${dayLabel(t.date, today, locale)})`}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </>
          ) : (
            <p className="muted">{words.noBookingDays}</p>
          )}
        </section>

        <section className="panel" aria-labelledby="bk-you">
          <h2 id="bk-you">{words.you}</h2>
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
            label={words.bookingEmail}
            error={errors.email}
            type="email"
            autoComplete="email"
            value={details.email}
            onChange={(email) => setDetails({ ...details, email })}
          />
          <Field id="specialRequest" label={words.specialRequest} error={errors.specialRequest}>
            {(p) => (
              <textarea
                {...p}
                rows={2}
                maxLength={500}
                value={details.specialRequest}
                onChange={(e) => setDetails({ ...details, specialRequest: e.target.value })}
              />
            )}
          </Field>
        </section>

        {failure ? (
          <p className="error banner" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="primary wide place" disabled={sending || !slot} aria-busy={sending}>
          <span>{sending ? words.sendingBooking : words.sendBooking(Number.isInteger(pax) ? pax : options.minPax)}</span>
        </button>
      </form>
    </main>
  );
}

/** The booking read again with the ETag of the last answer: null while unchanged (304). */
async function readBooking(shopId: string, id: string, token: string, etag: string | null) {
  const res = await fetch(`${base(shopId)}/bookings/${encodeURIComponent(id)}?cancelToken=${encodeURIComponent(token)}`, {
    headers: { Accept: 'application/json', ...(etag ? { 'If-None-Match': etag } : {}) },
  });
  if (res.status === 304) return { booking: null, etag, missing: false };
  if (!res.ok) return { booking: null, etag: null, missing: res.status === 404 };
  return { booking: (await res.json()) as Booking, etag: res.headers.get('ETag'), missing: false };
}

const open = (b: Booking) => b.status === 'NEW' || b.status === 'ACCEPTED';

/**
 * A booking's page: its state in words, the day, time and guests, and Cancel booking (asked twice). While the shop may
 * still answer or change it, the page asks again every 15 seconds with the last answer's ETag (no stream exists for
 * bookings), and not while the tab is hidden.
 */
export function BookingStatus({
  shopId,
  bookingId,
  token,
  initial,
  locale,
}: {
  shopId: string;
  bookingId: string;
  token: string;
  initial: Booking | null;
  locale: Locale;
}) {
  const [booking, setBooking] = useState<Booking | null>(initial);
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const waiting = !!booking && open(booking);

  useEffect(() => {
    if (!token || !waiting) return;
    const asked = Number(new URLSearchParams(window.location.search).get('poll'));
    const every = (asked >= 1 && asked <= 60 ? asked : POLL_SECONDS) * 1000;
    let etag: string | null = null;
    let stopped = false;
    const poll = async () => {
      if (document.hidden) return;
      try {
        const r = await readBooking(shopId, bookingId, token, etag);
        if (stopped) return;
        if (r.booking) setBooking(r.booking);
        etag = r.etag;
      } catch {
        // Offline for a moment: the next poll tries again.
      }
    };
    const timer = setInterval(() => void poll(), every);
    const visible = () => {
      if (!document.hidden) void poll();
    };
    document.addEventListener('visibilitychange', visible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [shopId, bookingId, token, waiting]);

  async function cancel() {
    setCancelling(true);
    setFailure(null);
    try {
      const res = await send<Booking>(`${base(shopId)}/bookings/${encodeURIComponent(bookingId)}/cancel`, { cancelToken: token });
      setConfirming(false);
      if (res.ok) setBooking(res.data);
      else {
        setFailure(res.error.message);
        const again = await readBooking(shopId, bookingId, token, null).catch(() => null);
        if (again?.booking) setBooking(again.booking);
      }
      heading.current?.focus();
    } finally {
      setCancelling(false);
    }
  }

  if (!booking) {
    return (
      <main id="main" className="status">
        <h1>{words.yourBooking}</h1>
        <p>{words.bookingUnknown}</p>
        <p>
          <a href={`/order/${shopId}/book`}>{words.bookAgain}</a>
        </p>
      </main>
    );
  }
  const at = new Date(booking.date);
  return (
    <main id="main" className="status">
      <h1 ref={heading} tabIndex={-1}>
        {words.yourBooking}
      </h1>
      <p className={`stage booking-${booking.status.toLowerCase()}`} role="status" aria-live="polite">
        {waiting && booking.status === 'NEW' ? <span className="pulse" aria-hidden="true" /> : null}
        {words.bookingStage[booking.status] ?? booking.status}
      </p>
      {booking.rejectReason ? <p>{words.reason(booking.rejectReason)}</p> : null}
      <section className="panel" aria-labelledby="bk-details">
        <h2 id="bk-details">{words.bookingFor(booking.name)}</h2>
        <dl className="totals booking-details">
          <div>
            <dt>{words.date}</dt>
            <dd>{longDay(at, locale)}</dd>
          </div>
          <div>
            <dt>{words.slot}</dt>
            <dd>{time(at, locale)}</dd>
          </div>
          <div>
            <dt>{words.guests}</dt>
            <dd>{words.partyOf(booking.pax)}</dd>
          </div>
          <div>
            <dt>{words.session}</dt>
            <dd>{words.meal[booking.session] ?? booking.session}</dd>
          </div>
          {booking.specialRequest ? (
            <div>
              <dt>{words.specialRequest.replace(/ \(.*\)$/, '')}</dt>
              <dd>{booking.specialRequest}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      {failure ? (
        <p className="error banner" role="alert">
          {failure}
        </p>
      ) : null}
      {waiting ? (
        <>
          <p className="muted small">
            {words.live} {words.keepLink}
          </p>
          <button type="button" className="secondary wide" onClick={() => setConfirming(true)} aria-haspopup="dialog">
            {words.cancelBooking}
          </button>
        </>
      ) : null}
      <p className="again">
        {waiting ? null : <a href={`/order/${shopId}/book`}>{words.bookAgain}</a>}
        <a href={`/order/${shopId}`}>{words.backToMenu}</a>
      </p>
      <Sheet
        open={confirming}
        onClose={() => setConfirming(false)}
        title={words.cancelTitle}
        titleId="cancel-title"
        footer={
          <div className="confirm-actions">
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              {words.keepBooking}
            </button>
            <button type="button" className="primary" onClick={() => void cancel()} disabled={cancelling} aria-busy={cancelling}>
              {cancelling ? words.cancelling : words.confirmCancel}
            </button>
          </div>
        }
      >
        <p>{words.cancelText}</p>
      </Sheet>
    </main>
  );
}
