import { messages } from './messages';
import type { CollectionType, OrderStage, PaymentType } from './order';
import type { OrderLoyalty } from './loyaltyCard';

/** A cart line as the API answers it (money in currency units). */
interface ApiCartLine {
  itemId: string;
  name: string;
  summary: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

/** An order as the API answers it (spec 2 §3 field names; money in currency units except applicationFee, in cents). */
export interface ApiOrder {
  id: string;
  /** The short per-shop number, from 1001 (shown as #1042). */
  number: number;
  shopId: string;
  status: string;
  message: string | null;
  orderStatusRestaurant: string;
  paymentStatus: string;
  mobile: string;
  customerName: string;
  collectionType: string;
  collectionTime: string | null;
  paymentType: string;
  placedAt: string;
  previousOrderCount: number;
  applicationFee: number;
  grandTotal: number;
  eta: { display: string; time: string | null } | null;
  rejectReason: string | null;
  /** When someone first opened or acknowledged it (the boards stop ringing). */
  acknowledgedAt: string | null;
  acceptedAt: string | null;
  completedAt: string | null;
  /** Where the order stands in its customer's words (placed, accepted, ready, completed, ...). */
  stage: OrderStage;
  /** When the kitchen marked it ready; null until then. */
  markedReadyAt: string | null;
  /** A scheduled order's time to reach the kitchen (its time minus the prep time); null for one the kitchen saw as placed. */
  kitchenAt: string | null;
  /** Waiting in the board's Scheduled column: kitchenAt is still to come (the schedule sweep has not moved it yet). */
  scheduled: boolean;
  cart: {
    currency: string;
    items: ApiCartLine[];
    collectionName: string | null;
    customerName: string;
    collectionType: CollectionType;
    collectionTime: string | null;
    paymentType: PaymentType;
    deliveryAddress: { line1: string; suburb: string; postcode?: string } | null;
    subtotal: number;
    deliveryCharges: number;
    discount: number;
    /** The loyalty reward taken off (0 when none). */
    loyaltyDiscount: number;
    creditCardSurcharge: number;
    creditCardSurchargeMessage: string | null;
    grandTotal: number;
    coupon: string | null;
    comments: string | null;
  };
  actions: ('accept' | 'reject' | 'complete')[];
  /**
   * The order's loyalty line (console answers): what it did to the customer's card and the card's progress; null
   * while the program is off and the order did nothing to a card.
   */
  loyalty?: OrderLoyalty | null;
}

/** One call made to the payment provider for an order's refund: when, what it answered, and who made it. */
export interface RefundAttempt {
  at: string;
  outcome: 'SUCCEEDED' | 'FAILED';
  /** The provider's message when the attempt failed. */
  message: string | null;
  /** Who rejected the order or retried its refund; null once that account is deleted. */
  by: { id: string; name: string } | null;
}

/** One order as the console's order page reads it: the order and its refund attempts, first first. */
export interface ApiOrderDetail extends ApiOrder {
  refundAttempts: RefundAttempt[];
}

/** A declined card order whose refund failed: the one state in which an ADMIN may retry the refund. */
export const refundRetryable = (o: Pick<ApiOrder, 'paymentType' | 'orderStatusRestaurant' | 'paymentStatus'>) =>
  o.paymentType === 'CREDIT_CARD' && o.orderStatusRestaurant === 'DECLINED' && o.paymentStatus === 'REFUND_FAILURE';

/** An order's number as people say and search it: #1042. */
export const orderNumberLabel = (n: number) => `#${n}`;

/** 'In-Store' for cash, 'Online' otherwise. */
export const paymentLabel = (paymentType: string) => (paymentType === 'CASH' ? 'In-Store' : 'Online');

/**
 * The words for an order's stored codes, one word for one outcome on every screen, mail and CSV: the board, Order
 * History's chips and filter, the order page and the exports all read these. The spec's codes stay in the data and
 * the API; an unknown code shows as itself.
 */
export const ORDER_STATUS_WORDS: Record<string, string> = {
  NEW: 'New',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
  // NA is only ever set with status FAILURE (a card refused at placement): one outcome, one word.
  NA: 'Payment failed',
  FAILURE: 'Payment failed',
  // Not stored statuses but where the kitchen has moved an accepted order on.
  READY: 'Ready',
  COMPLETED: 'Completed',
};
export const PAYMENT_STATUS_WORDS: Record<string, string> = {
  PAID: 'Paid',
  UNPAID: 'Unpaid',
  REFUND_SUCCESS: 'Refunded',
  REFUND_FAILURE: 'Refund failed',
  DECLINED: 'Card declined',
};
export const orderStatusWord = (code: string) => ORDER_STATUS_WORDS[code] ?? code;
export const paymentStatusWord = (code: string) => PAYMENT_STATUS_WORDS[code] ?? code;

/** The one code for where an order is now: FAILURE, then COMPLETED, READY, else its stored status. */
export function orderStateCode(o: {
  status: string;
  orderStatusRestaurant: string;
  completedAt?: string | Date | number | null;
  stage?: string | null;
}): string {
  if (o.status === 'FAILURE') return 'FAILURE';
  if (o.completedAt) return 'COMPLETED';
  if (o.stage === 'ready') return 'READY';
  return o.orderStatusRestaurant;
}

const KNOWN = ['NEW', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'NA'];

/** What the order screen says above the actions (spec 2 §4, §8), or null when nothing needs saying. */
export function orderBanner(
  o: Pick<ApiOrder, 'status' | 'message' | 'orderStatusRestaurant' | 'paymentStatus'>,
): { severity: 'error' | 'warning' | 'info' | 'success'; text: string } | null {
  if (o.status === 'FAILURE') return { severity: 'error', text: `${messages.failurePrefix}${o.message ?? ''}` };
  if (!KNOWN.includes(o.orderStatusRestaurant)) return { severity: 'error', text: messages.statusUnknown };
  if (o.orderStatusRestaurant !== 'DECLINED') return null;
  if (o.paymentStatus === 'REFUND_SUCCESS') return { severity: 'success', text: messages.orderRefunded };
  if (o.paymentStatus === 'REFUND_FAILURE') return { severity: 'error', text: messages.orderRefundFailed };
  return { severity: 'info', text: messages.orderDeclined };
}
