import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_TYPE, type WebhookEventType } from '../../../domain/webhooks';
import { eventRegistry, type ShopEventDeclaration } from '../../infra/events';
import { ordersArea } from '../orders';
import { bookingsArea } from '../bookings';
import { catalogArea } from '../catalog';

type Stored = Record<string, unknown>;

/**
 * The shop events webhooks are made from, with the presenters the event stream uses, so a webhook's `data` is the
 * same object GET orders / GET bookings answer (an item's: the board's sold-out entry).
 */
export const sourceRegistry = eventRegistry([ordersArea, bookingsArea, catalogArea]);
const source = (type: string): ShopEventDeclaration => {
  const declaration = sourceRegistry[type];
  if (!declaration) throw new Error(`webhooks: no area declares the shop event ${type}`);
  return declaration;
};

/** A rule that holds for every event of its type: it needs no previous event (whose lookup walks the shop's log). */
const always = (): boolean => true;
const became =
  (key: string, value: unknown) =>
  (next: Stored, prev: Stored | null): boolean =>
    next[key] === value && prev?.[key] !== value;
const wasSet =
  (key: string) =>
  (next: Stored, prev: Stored | null): boolean =>
    next[key] != null && prev?.[key] == null;

/**
 * How a stored shop event becomes a webhook event: the shop event it comes from, and whether this change is the one
 * the webhook announces (given the same order's, booking's or shop's previous event, null for its first). Several
 * rules may match one change (a reject that refunds at once). Adding a webhook for a new shop event is one line here
 * (and its type in domain/webhooks.ts).
 */
interface Rule {
  type: WebhookEventType;
  from: string;
  when(next: Stored, prev: Stored | null): boolean;
}
export const RULES: readonly Rule[] = [
  { type: 'order.placed', from: 'order.created', when: always },
  { type: 'order.accepted', from: 'order.updated', when: became('order_status_restaurant', 'ACCEPTED') },
  { type: 'order.rejected', from: 'order.updated', when: became('order_status_restaurant', 'DECLINED') },
  { type: 'order.ready', from: 'order.updated', when: wasSet('marked_ready_at') },
  { type: 'order.completed', from: 'order.updated', when: wasSet('completed_at') },
  { type: 'order.refunded', from: 'order.updated', when: became('payment_status', 'REFUND_SUCCESS') },
  { type: 'booking.placed', from: 'booking.created', when: always },
  { type: 'booking.accepted', from: 'booking.updated', when: became('status', 'ACCEPTED') },
  { type: 'booking.rejected', from: 'booking.updated', when: became('status', 'REJECTED') },
  { type: 'booking.cancelled', from: 'booking.updated', when: became('status', 'CANCELLED') },
  { type: 'item.sold_out', from: 'item.sold_out', when: always },
  { type: 'item.restored', from: 'item.restored', when: always },
  { type: 'menu.updated', from: 'menu.updated', when: always },
  { type: 'shop.paused', from: 'busy.updated', when: became('paused', true) },
  { type: 'shop.resumed', from: 'busy.updated', when: (next, prev) => next.paused === false && prev?.paused === true },
];

/** The shop events that have rules. */
export const SOURCE_TYPES = [...new Set(RULES.map((r) => r.from))];

/**
 * What ties a shop event to the one before it that `when` compares with: the order's or booking's id, or null for
 * the shop's own state (busy mode), whose previous event is simply the last of its type.
 */
export const entityOf = (type: string, data: Stored): string | null =>
  type === 'busy.updated' ? null : typeof data.id === 'string' ? data.id : null;

/** The shop event types whose events `type`'s previous-event lookup reads (an order's created and updated alike). */
export const familyOf = (type: string): string[] =>
  type.startsWith('order.')
    ? ['order.created', 'order.updated']
    : type.startsWith('booking.')
      ? ['booking.created', 'booking.updated']
      : [type];

export const rulesFor = (type: string) => RULES.filter((r) => r.from === type);

/** Whether any of these rules compares with the previous event (order.placed, say, does not). */
export const comparesWithPrevious = (rules: readonly Rule[]) => rules.some((r) => r.when !== always);

export const testPayload = z.object({ endpointId: z.string(), message: z.string() });

/** The payload (`data`) of each webhook event type, as the OpenAPI document shows it. */
const payloadSchemas: Record<WebhookEventType, z.ZodType> = {
  'order.placed': source('order.created').schema,
  'order.accepted': source('order.updated').schema,
  'order.rejected': source('order.updated').schema,
  'order.ready': source('order.updated').schema,
  'order.completed': source('order.updated').schema,
  'order.refunded': source('order.updated').schema,
  'booking.placed': source('booking.created').schema,
  'booking.accepted': source('booking.updated').schema,
  'booking.rejected': source('booking.updated').schema,
  'booking.cancelled': source('booking.updated').schema,
  'item.sold_out': source('item.sold_out').schema,
  'item.restored': source('item.restored').schema,
  'shop.paused': source('busy.updated').schema,
  'shop.resumed': source('busy.updated').schema,
  'menu.updated': source('menu.updated').schema,
};

/** One line per type for the documentation and the console. */
export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'order.placed': 'a customer placed an order (a card order once paid); data: the order as GET orders answers it',
  'order.accepted': 'the shop accepted an order; data: the order',
  'order.rejected': 'the shop (or the unprocessed-order monitor) rejected an order; data: the order',
  'order.ready': 'the kitchen marked an accepted order ready (markedReadyAt); data: the order',
  'order.completed': 'an accepted order was completed (collected or delivered); data: the order',
  'order.refunded': "a card order's refund went through; data: the order",
  'booking.placed': 'a customer asked for a table; data: the booking as GET bookings answers it',
  'booking.accepted': 'the shop accepted a booking; data: the booking',
  'booking.rejected': 'the shop rejected a booking; data: the booking',
  'booking.cancelled': 'the customer cancelled a booking; data: the booking',
  'item.sold_out':
    'an item, one value of its choices or one of its toppings sold out (until a time, or until brought back); data: the sold-out entry',
  'item.restored':
    'a sold-out item, value or topping is back: brought back by a member, or by the clock at its time (`by`); data: the entry',
  'shop.paused': 'busy mode paused new orders; data: the busy document as GET orders/busy answers it',
  'shop.resumed': 'busy mode stopped pausing orders; data: the busy document',
  'menu.updated': 'the menu (categories, their order, items and hours) was saved; data: updatedAt',
};

const envelope = (type: string, data: z.ZodType, description: string) =>
  z
    .object({
      type: z.literal(type),
      /** When the change happened (the shop event's time), ISO 8601. */
      timestamp: z.string(),
      data,
    })
    .describe(`${type}: ${description}`);

/**
 * The body of every webhook: { type, timestamp, data } (the Standard Webhooks convention), one schema per type. The
 * delivery log answers it, which is how each payload's schema reaches the OpenAPI document.
 */
export const webhookMessageSchema = z.union([
  ...WEBHOOK_EVENT_TYPES.map((t) => envelope(t, payloadSchemas[t], EVENT_DESCRIPTIONS[t])),
  envelope(WEBHOOK_TEST_TYPE, testPayload, 'sent by Send test event; never subscribed to'),
] as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);
