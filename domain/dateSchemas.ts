import { z } from 'zod';
import { format, messages } from './messages';
import { requiredMsg } from './validation';

/**
 * The dates the API accepts, built in one place. A shop means nothing before 2000 or after 2100, and a date outside
 * what PostgreSQL and JavaScript both read back the same (year 0020 is stored, then breaks every read) must never be
 * written, so every instant and calendar day a body or query string carries is one of these.
 */
export const DATE_YEARS = { first: 2000, last: 2100 } as const;

const FIRST_INSTANT = Date.UTC(DATE_YEARS.first, 0, 1);
const AFTER_LAST_INSTANT = Date.UTC(DATE_YEARS.last + 1, 0, 1);

/** True for an instant (ms since the epoch) from 2000-01-01T00:00Z up to the end of 2100 (UTC). */
export const isInstantInRange = (ms: number) => ms >= FIRST_INSTANT && ms < AFTER_LAST_INSTANT;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written 'YYYY-MM-DD' (2025-02-30 is not), of any year. */
export function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(2000, m! - 1, d!));
  // Year 2000 stands in for y (Date.UTC reads 0–99 as 1900–1999): same leap rule only when y is a leap year too.
  date.setUTCFullYear(y!);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
}

const dayInRange = (value: string) => value >= `${DATE_YEARS.first}-01-01` && value <= `${DATE_YEARS.last}-12-31`;

export const outOfRangeMsg = (label: string) => format(messages.dateOutOfRange, { name: label, ...DATE_YEARS });

export type DateKind = 'instant' | 'day';
export interface DateField {
  kind: DateKind;
  /** The field's name as its messages say it. */
  label: string;
  schema: z.ZodType<string, string>;
}

const built: DateField[] = [];

/** Every date schema built so far (a module's schemas are built when it is loaded): what the property test walks. */
export const dateFields = (): readonly DateField[] => built;

function registered<S extends z.ZodType<string, string>>(kind: DateKind, label: string, schema: S): S {
  built.push({ kind, label, schema });
  return schema;
}

/** An instant with its offset ('2026-12-01T09:00:00+11:00' or '…Z'), from 2000 to 2100. */
export const instant = (label: string) =>
  registered(
    'instant',
    label,
    z.iso
      .datetime({ offset: true, error: format(messages.isoInstant, { name: label }) })
      // Only asked of a well-formed instant, so a malformed one gets one message, not two.
      .refine((v) => isInstantInRange(Date.parse(v)), { error: outOfRangeMsg(label), when: (p) => p.issues.length === 0 }),
  );

/** A calendar day 'YYYY-MM-DD' (a day on the shop's clock), from 2000-01-01 to 2100-12-31. */
export const day = (label: string) =>
  registered(
    'day',
    label,
    z
      .string({ error: requiredMsg(label) })
      .refine(isCalendarDay, { error: format(messages.isoDay, { name: label }) })
      .refine((v) => !isCalendarDay(v) || dayInRange(v), { error: outOfRangeMsg(label) }),
  );
