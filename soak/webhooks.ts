import pg from 'pg';
import { webhookReceiver } from '../test/helpers/webhookReceiver';
import type { SeededShop } from './seed';

/** What each soak shop's endpoint subscribes to: the orders' arrival, and the staff's accepts. */
export const SOAK_WEBHOOK_TYPES = ['order.placed', 'order.accepted'] as const;
export type SoakWebhookType = (typeof SOAK_WEBHOOK_TYPES)[number];

export type SoakReceiver = Awaited<ReturnType<typeof webhookReceiver>>;

/** One endpoint per shop, all on one loopback receiver: `<receiver>/<shop index>`, so a message names its endpoint. */
export interface SoakEndpoints {
  receiver: SoakReceiver;
  /** Each shop's signing secret, by the path its endpoint posts to. */
  secretByPath: Map<string, string>;
  /** The shop each path belongs to. */
  shopByPath: Map<string, SeededShop>;
}

export const endpointPath = (receiverUrl: string, shop: SeededShop) => `${new URL(receiverUrl).pathname}/${shop.index}`;

/**
 * Starts the receiver and adds each shop's endpoint through the API, as its ADMIN would (the seeded session is fresh,
 * so it passes the step-up), spread over the processes. The endpoints get what happens from then on: every order
 * the traffic places.
 */
export async function addSoakEndpoints(ports: number[], shops: SeededShop[]): Promise<SoakEndpoints> {
  const receiver = await webhookReceiver();
  const secretByPath = new Map<string, string>();
  const shopByPath = new Map<string, SeededShop>();
  await Promise.all(
    shops.map(async (shop) => {
      const res = await fetch(`http://127.0.0.1:${ports[shop.index % ports.length]}/api/shops/${shop.id}/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${shop.staffToken}` },
        body: JSON.stringify({ url: `${receiver.url}/${shop.index}`, eventTypes: SOAK_WEBHOOK_TYPES, description: 'soak' }),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`adding shop ${shop.index}'s webhook endpoint answered ${res.status}: ${text.slice(0, 300)}`);
      const path = endpointPath(receiver.url, shop);
      secretByPath.set(path, (JSON.parse(text) as { secret: string }).secret);
      shopByPath.set(path, shop);
    }),
  );
  return { receiver, secretByPath, shopByPath };
}

/** The (order, type) pairs that must each arrive once: every order the outbox announced, and every order now ACCEPTED. */
export interface ExpectedWebhooks {
  placed: Map<string, string>;
  accepted: Set<string>;
}

/**
 * Read from the database, the truth the webhooks must match: an order whose client gave up but which was stored
 * anyway is announced too. An order's order.created event is what its order.placed is made from (the placement check
 * already holds every 201 to exactly one).
 */
export async function expectedWebhooks(pool: pg.Pool): Promise<ExpectedWebhooks> {
  const placed = await pool.query<{ id: string; shop_id: string }>(
    `SELECT data->>'id' AS id, shop_id::text FROM shop_events WHERE type = 'order.created'`,
  );
  const accepted = await pool.query<{ id: string }>(`SELECT id::text FROM orders WHERE order_status_restaurant = 'ACCEPTED'`);
  return { placed: new Map(placed.rows.map((r) => [r.id, r.shop_id])), accepted: new Set(accepted.rows.map((r) => r.id)) };
}

/** How many expected (order, type) pairs have not arrived yet (the run waits for them after the traffic). */
export function unhooked(received: { body: string }[], expected: ExpectedWebhooks): number {
  const got = new Set<string>();
  for (const r of received) {
    const m = parseMessage(r.body);
    if (m) got.add(`${m.type} ${m.orderId}`);
  }
  let missing = 0;
  for (const id of expected.placed.keys()) if (!got.has(`order.placed ${id}`)) missing++;
  for (const id of expected.accepted) if (!got.has(`order.accepted ${id}`)) missing++;
  return missing;
}

/** A message's type and order, or null for a body that is not one of the soak's order webhooks. */
export function parseMessage(body: string): { type: SoakWebhookType; orderId: string; shopId: string | null } | null {
  try {
    const m = JSON.parse(body) as { type?: string; data?: { id?: unknown; shopId?: unknown } };
    if (!SOAK_WEBHOOK_TYPES.includes(m.type as SoakWebhookType) || typeof m.data?.id !== 'string') return null;
    return { type: m.type as SoakWebhookType, orderId: m.data.id, shopId: typeof m.data.shopId === 'string' ? m.data.shopId : null };
  } catch {
    return null;
  }
}

/** The deliveries not yet through, by state, and the attempts the receiver's outage refused: said while waiting. */
export async function deliveryStates(pool: pg.Pool): Promise<{ unsettled: string; refused: number; retried: number }> {
  const states = await pool.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM webhook_deliveries WHERE status <> 'SUCCEEDED' GROUP BY 1 ORDER BY 1`,
  );
  const attempts = await pool.query<{ refused: number; retried: number }>(
    `SELECT (SELECT count(*)::int FROM webhook_attempts WHERE status_code IS NULL OR status_code NOT BETWEEN 200 AND 299) AS refused,
            (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'SUCCEEDED' AND attempt_count > 1) AS retried`,
  );
  return {
    unsettled: states.rows.map((r) => `${r.status} ${r.n}`).join(', ') || 'none',
    refused: attempts.rows[0].refused,
    retried: attempts.rows[0].retried,
  };
}
