import { verifies, type Received } from '../test/helpers/webhookReceiver';
import type { Check } from './checks';
import { parseMessage, type ExpectedWebhooks, type SoakEndpoints } from './webhooks';

const pick = (list: string[]) => list.slice(0, 5);

/**
 * Every order's webhooks arrived exactly once, in order, signed. A receiver deduplicates by webhook-id, so a message
 * sent again with the same webhook-id (a process killed after the receiver had it, before it recorded the delivery)
 * is counted apart and is no failure; two different webhook-ids for one (order, type) are, as is an order.accepted
 * first received before its order's order.placed, or any message whose signature does not verify with its endpoint's
 * secret.
 */
export function checkWebhooks(endpoints: SoakEndpoints, expected: ExpectedWebhooks): Check {
  const received = endpoints.receiver.received;
  const badSignature: string[] = [];
  const strays: string[] = [];
  // (order, type) → its webhook-ids; each order's types in the order their webhook-ids first arrived.
  const ids = new Map<string, Set<string>>();
  const sequence = new Map<string, string[]>();
  const seen = new Set<string>();
  let sentAgain = 0;
  for (const r of received) {
    const webhookId = r.headers['webhook-id'] ?? '';
    const secret = endpoints.secretByPath.get(r.path);
    if (!secret || !verifies(secret, r)) badSignature.push(`${webhookId || 'no webhook-id'} to ${r.path}`);
    if (seen.has(webhookId)) {
      sentAgain++;
      continue;
    }
    seen.add(webhookId);
    const m = parseMessage(r.body);
    const shop = endpoints.shopByPath.get(r.path);
    const shopOfOrder = m ? expected.placed.get(m.orderId) : undefined;
    if (!m || !shop || !shopOfOrder || shopOfOrder !== shop.id || (m.shopId !== null && m.shopId !== shop.id)) {
      strays.push(describe(r));
      continue;
    }
    const key = `${m.type} ${m.orderId}`;
    ids.set(key, (ids.get(key) ?? new Set()).add(webhookId));
    sequence.set(m.orderId, [...(sequence.get(m.orderId) ?? []), m.type]);
  }
  const missing: string[] = [];
  for (const id of expected.placed.keys()) if (!ids.has(`order.placed ${id}`)) missing.push(`order ${id}: no order.placed`);
  for (const id of expected.accepted) if (!ids.has(`order.accepted ${id}`)) missing.push(`order ${id}: no order.accepted`);
  const twice = [...ids].filter(([, set]) => set.size > 1).map(([key, set]) => `${key}: ${set.size} webhook-ids`);
  const outOfOrder = [...sequence]
    .filter(([, types]) => types.indexOf('order.accepted') >= 0 && types.indexOf('order.accepted') < types.indexOf('order.placed'))
    .map(([id, types]) => `order ${id}: ${types.join(' → ')}`);
  const placedOk = [...expected.placed.keys()].filter((id) => ids.get(`order.placed ${id}`)?.size === 1).length;
  const acceptedOk = [...expected.accepted].filter((id) => ids.get(`order.accepted ${id}`)?.size === 1).length;
  return {
    name: "every order's webhooks arrived once, in order, signed",
    ok: !missing.length && !twice.length && !outOfOrder.length && !badSignature.length && !strays.length,
    detail:
      `order.placed ${placedOk} of ${expected.placed.size}, order.accepted ${acceptedOk} of ${expected.accepted.size}; ` +
      `${missing.length} missing, ${twice.length} as two webhook-ids, ${outOfOrder.length} out of order, ` +
      `${badSignature.length} not verifying, ${strays.length} naming no order of its shop; ` +
      `${received.length} received, ${sentAgain} sent again with the same webhook-id`,
    examples: pick([...missing, ...twice, ...outOfOrder, ...badSignature.map((b) => `signature fails: ${b}`), ...strays]),
  };
}

const describe = (r: Received) => `${r.headers['webhook-id'] ?? 'no webhook-id'} to ${r.path}: ${r.body.slice(0, 120)}`;
