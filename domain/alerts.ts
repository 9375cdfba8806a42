/** What an alert mail is about. */
export const ALERT_KINDS = [
  'ORDER_PLACED',
  'ORDER_UNPROCESSED',
  'ORDER_UNPROCESSED_AGAIN',
  'ORDER_AUTO_REJECTED',
  'BOOKING_PLACED',
  'BOOKING_UNPROCESSED',
  'BOOKING_UNPROCESSED_AGAIN',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** QUEUED until its first attempt; RETRYING while the mail server refuses it; FAILED once every retry is spent. */
export const ALERT_STATUSES = ['QUEUED', 'SENT', 'RETRYING', 'FAILED'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** One alert mail, as an order's or booking's alert log and the shop's recent alerts show it. */
export interface Alert {
  id: string;
  kind: AlertKind;
  to: string;
  subject: string;
  status: AlertStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  orderId: string | null;
  bookingId: string | null;
}

/** The reason an order the shop never answered is rejected with. */
export const AUTO_REJECT_REASON = 'Store Closed';

export const alertMessages = {
  resendOnlyFailed: 'Only a failed alert can be sent again',
} as const;
