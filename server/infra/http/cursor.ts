import { messages } from '../../../domain/messages';
import { isUuid } from '../db/uuid';
import { badRequest } from './errors';

/*
 * Keyset cursors for lists that page with "Load More": the last row's timestamp exactly as PostgreSQL prints it
 * (microseconds included, which a JS Date would lose) and its id, so pages never skip or repeat rows that share
 * a millisecond. Opaque to clients (base64url JSON).
 */

export const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

/** The [timestamp, id] of a cursor; anything else is a 400 with the spec-style message. */
export function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      /^\d{4}-\d\d-\d\d[ T][\d:.]+([+-]\d\d(:?\d\d)?|Z)$/.test(value[0]) &&
      typeof value[1] === 'string' &&
      isUuid(value[1])
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // falls through to the 400 below
  }
  throw badRequest(messages.invalidCursor, { cursor: messages.invalidCursor });
}
