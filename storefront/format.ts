/*
 * Money and times as the shop's customers read them: money in the shop's currency and locale, times on the shop's clock
 * (its time zone, whatever the phone's), all with Intl. Times are put together from Intl's parts so the server's and
 * the browser's renderings are the same characters ('9:00 pm'), whatever spaces their ICU versions put in.
 */

export interface Locale {
  locale: string;
  currency: string;
  timeZone: string;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
export function money(amount: number, l: Locale): string {
  const key = `${l.locale} ${l.currency}`;
  let f = moneyFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(l.locale, { style: 'currency', currency: l.currency });
    moneyFormats.set(key, f);
  }
  return f.format(amount);
}

/** '+$1.50', for a choice's extra charge. */
export const extra = (amount: number, l: Locale) => `+${money(amount, l)}`;

function parts(d: Date, l: Locale, opts: Intl.DateTimeFormatOptions) {
  const out: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat('en-US', { timeZone: l.timeZone, ...opts }).formatToParts(d)) out[p.type] = p.value;
  return out;
}

/** The shop-zone calendar date of an instant, as YYYY-MM-DD. */
export function dayOf(d: Date, l: Locale): string {
  const p = parts(d, l, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

/** '9:00 pm' (or '21:00' where the locale's clock is 24-hour) on the shop's clock. */
export function time(d: Date, l: Locale): string {
  const h12 = new Intl.DateTimeFormat(l.locale, { hour: 'numeric' }).resolvedOptions().hourCycle !== 'h23';
  const p = parts(d, l, { hour: 'numeric', minute: '2-digit', hourCycle: h12 ? 'h12' : 'h23' });
  return h12 ? `${Number(p.hour)}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}` : `${p.hour!.padStart(2, '0')}:${p.minute}`;
}

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** 'Friday 14 March' on the shop's calendar. */
export function longDay(d: Date, l: Locale): string {
  return new Intl.DateTimeFormat(l.locale, { timeZone: l.timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(d);
}

/** A day relative to `now` in the shop's calendar: 'today', 'tomorrow', a weekday within the week, else the date. */
export function relativeDay(d: Date, now: Date, l: Locale, words: { today: string; tomorrow: string }): string {
  const n = daysBetween(dayOf(now, l), dayOf(d, l));
  if (n === 0) return words.today;
  if (n === 1) return words.tomorrow;
  if (n > 1 && n < 7) return new Intl.DateTimeFormat(l.locale, { timeZone: l.timeZone, weekday: 'long' }).format(d);
  return longDay(d, l);
}

/** '6:30 am tomorrow', '9:00 pm' (today), '6:30 am Monday'. */
export function when(d: Date, now: Date, l: Locale, words: { today: string; tomorrow: string }): string {
  const day = relativeDay(d, now, l, words);
  return day === words.today ? time(d, l) : `${time(d, l)} ${day}`;
}
