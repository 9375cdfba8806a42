import type { AlertSubject } from '../../providers/dataProvider';

/** The cache key of the member's preferences at a shop; the user is in it, so a shared tablet never shows another's. */
export const shopPreferencesKey = (shopId: string, userId: string) => ['shops', shopId, 'preferences', userId] as const;

/** The cache key of one order's or booking's alert log. */
export const alertLogKey = (shopId: string, subject: AlertSubject) =>
  ['shops', shopId, 'alerts', 'orderId' in subject ? `order:${subject.orderId}` : `booking:${subject.bookingId}`] as const;
