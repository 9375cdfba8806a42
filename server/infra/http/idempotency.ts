import crypto from 'node:crypto';
import { z } from 'zod';

/**
 * Idempotency-Key on the customers' writes (placing an order, a booking): the same key and body answer the first
 * result again; the same key with another body is a 422.
 */
export const idempotencyKeyHeaders = z
  .object({
    'idempotency-key': z
      .string()
      .trim()
      .min(1)
      .max(255)
      .regex(/^[\x21-\x7e]+$/, 'should be printable ASCII')
      .optional(),
  })
  .loose();

/** A stable digest of a request body: the same body sent again (keys in any order) hashes the same. */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}
