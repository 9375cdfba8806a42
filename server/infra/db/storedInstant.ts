import type { FastifyBaseLogger } from 'fastify';

/**
 * A stored instant as the API writes it ('…Z'), or null when it is none a JavaScript Date can hold. PostgreSQL keeps
 * years a Date cannot (year 0020, or BC), which an older release let in: such a value reads as empty, so one row never
 * breaks a list or the page that opens it. `unreadable` is told, to log it.
 */
export function storedInstant(value: Date | null | undefined, unreadable?: () => void): string | null {
  if (value == null) return null;
  if (Number.isNaN(value.getTime())) {
    unreadable?.();
    return null;
  }
  return value.toISOString();
}

/** Where a request logs what it could not read (its `req.log`). */
export type UnreadableLog = Pick<FastifyBaseLogger, 'warn'>;

/** What storedInstant is told for one row: a warning naming the table, the row's id and the field. */
export const logUnreadable = (log: UnreadableLog | undefined, table: string, id: string) => (field: string) => () =>
  log?.warn({ table, id, field }, 'A stored date cannot be read; it is answered as null');
