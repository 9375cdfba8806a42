import crypto from 'node:crypto';
import type { Services } from '../../infra/context';

type KeyOwner = Pick<Services, 'keyFor'>;

/**
 * The token that lets its holder read one order's status (GET storefront …/orders/{orderId}?token=): HMAC-SHA256 of
 * the order id under a key derived for this purpose only, base64url. Derived, not stored, so a replayed placement
 * (a double tap, a retry after a lost answer) and the receipt mail give the same token as the first answer.
 */
export function statusToken(services: KeyOwner, orderId: string): string {
  return crypto.createHmac('sha256', services.keyFor('order-status')).update(orderId).digest('base64url');
}

/** Whether `token` is the order's status token, compared in constant time (a near miss takes as long as a far one). */
export function statusTokenMatches(services: KeyOwner, orderId: string, token: string): boolean {
  const expected = Buffer.from(statusToken(services, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The customer's status page for an order (the ordering page's route), with its token. */
export function statusPageUrl(services: KeyOwner & { config: Pick<Services['config'], 'publicUrl'> }, shopId: string, orderId: string) {
  const token = encodeURIComponent(statusToken(services, orderId));
  return `${services.config.publicUrl}/order/${shopId}/orders/${orderId}?token=${token}`;
}
