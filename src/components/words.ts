/**
 * Stored codes as people read them. The API and the database keep their codes (PAID, CREDIT_CARD, card_payments,
 * active); a screen never shows one raw: it shows codeInWords(code), or a phrase of its own built from it.
 *
 *   codeInWords('PAID')                          'Paid'
 *   codeInWords('CREDIT_CARD')                   'Credit card'
 *   codeInWords('card_payments')                 'Card payments'
 *   capabilityInWords('transfers', 'active')     'Transfers enabled'
 */

/** Codes whose words are not just the code in sentence case. */
const SPECIAL: Record<string, string> = {
  CREDIT_CARD: 'Card',
  NA: 'Not available',
  ios: 'iOS',
  IOS: 'iOS',
  APPSTORE: 'App Store',
  PLAYSTORE: 'Play Store',
  // Alert mails, by what they tell the shop.
  ORDER_PLACED: 'New order',
  ORDER_UNPROCESSED: 'Order not accepted in time',
  ORDER_UNPROCESSED_AGAIN: 'Order still not accepted',
  ORDER_AUTO_REJECTED: 'Order rejected automatically',
  BOOKING_PLACED: 'New booking',
  BOOKING_UNPROCESSED: 'Booking not answered in time',
  BOOKING_UNPROCESSED_AGAIN: 'Booking still not answered',
};

/** A stored code in sentence case: 'PARTIALLY_REFUNDED' → 'Partially refunded'; '' for nothing. */
export function codeInWords(code: string | null | undefined): string {
  if (!code) return '';
  if (SPECIAL[code]) return SPECIAL[code];
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a capability's status means for the shop: 'active' → enabled, 'pending' → pending, anything else → not enabled. */
const CAPABILITY_STATUS: Record<string, string> = {
  active: 'enabled',
  pending: 'pending',
  inactive: 'not enabled',
  unrequested: 'not requested',
};

/** A payment account's capability and its status as one phrase: ('transfers', 'active') → 'Transfers enabled'. */
export function capabilityInWords(name: string, status: string | null | undefined): string {
  return `${codeInWords(name)} ${CAPABILITY_STATUS[status ?? ''] ?? codeInWords(status).toLowerCase()}`.trim();
}

/** A whole number as the console writes counts: 1,234 (the same on every device). */
export const showCount = (n: number) => new Intl.NumberFormat('en').format(n);
