import pg from 'pg';
import type { CapturedMail } from '../test/helpers/mail';
import type { DashboardsResult } from './dashboards';
import type { Placed, StaffAction } from './traffic';

export interface Check {
  name: string;
  ok: boolean;
  /** Not a loss, but worth a look (clients that gave up waiting): printed as WARN, does not fail the run. */
  warn?: boolean;
  /** What was counted, e.g. "1843 of 1843". */
  detail: string;
  /** A few examples of what went wrong. */
  examples?: string[];
}

const pick = (list: string[]) => list.slice(0, 5);

/** Every order and booking that got a 201 exists exactly once (by its Idempotency-Key), with its one created event. */
export async function checkPlacements(pool: pg.Pool, placed: Placed[]): Promise<Check[]> {
  const checks: Check[] = [];
  for (const kind of ['order', 'booking'] as const) {
    const table = kind === 'order' ? 'orders' : 'bookings';
    const ok = placed.filter((p) => p.kind === kind && p.status === 201);
    const keys = ok.map((p) => p.key);
    const rows = await pool.query<{ key: string; ids: string[]; events: number }>(
      `SELECT t.idempotency_key AS key, array_agg(t.id::text) AS ids,
              (SELECT count(*)::int FROM shop_events e WHERE e.shop_id = min(t.shop_id::text)::uuid
                 AND e.type = '${kind}.created' AND e.data->>'id' = min(t.id::text)) AS events
         FROM ${table} t WHERE t.idempotency_key = ANY($1) GROUP BY t.idempotency_key`,
      [keys],
    );
    const byKey = new Map(rows.rows.map((r) => [r.key, r]));
    const bad: string[] = [];
    let once = 0;
    let withEvent = 0;
    for (const p of ok) {
      const r = byKey.get(p.key);
      if (!r) bad.push(`${kind} ${p.id} (key ${p.key}) answered 201 but is not in the database`);
      else if (r.ids.length !== 1 || r.ids[0] !== p.id) bad.push(`key ${p.key}: answered ${p.id}, stored ${r.ids.join(', ')}`);
      else {
        once++;
        if (r.events === 1) withEvent++;
        else bad.push(`${kind} ${p.id} has ${r.events} ${kind}.created events`);
      }
    }
    // A valid request the server refused (4xx) is a failure; one still unanswered when its client gave up is not a
    // loss, but its order may exist without the customer knowing: counted apart.
    const refused = placed.filter((p) => p.kind === kind && p.status !== null && p.status !== 201);
    const gaveUp = placed.filter((p) => p.kind === kind && p.status === null);
    const retried = ok.filter((p) => p.attempts > 1).length;
    checks.push({
      name: `${kind}s that got a 201 exist exactly once, with their event`,
      ok: bad.length === 0 && refused.length === 0,
      detail:
        `${once} of ${ok.length} stored once, ${withEvent} with one ${kind}.created event; ${retried} needed a retry` +
        (refused.length ? `; ${refused.length} refused` : ''),
      examples: pick([...bad, ...refused.map((p) => `key ${p.key}: ${p.status} ${p.error ?? ''}`)]),
    });
    if (gaveUp.length) {
      const stored = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE idempotency_key = ANY($1)`, [
        gaveUp.map((p) => p.key),
      ]);
      checks.push({
        name: `${kind}s whose client gave up (no answer after retrying 2 minutes)`,
        ok: true,
        warn: true,
        detail: `${gaveUp.length}, of which ${stored.rows[0].n} stored anyway`,
        examples: pick(gaveUp.map((p) => `key ${p.key}: ${p.error ?? ''}`)),
      });
    }
  }
  return checks;
}

/** Each staff action went through once, the order is in the state it left, and every rejected card order was refunded once. */
export async function checkActions(pool: pg.Pool, actions: StaffAction[]): Promise<Check[]> {
  const failed = actions.filter((a) => a.error !== undefined && a.status !== null);
  const gaveUp = actions.filter((a) => a.status === null);
  const ids = actions.map((a) => a.orderId);
  const rows = await pool.query<{ id: string; status: string; payment_id: string | null; refunds: number; ledger: number }>(
    `SELECT o.id::text, o.order_status_restaurant AS status, o.payment_id,
            (SELECT count(*)::int FROM refunds r WHERE r.shop_id = o.shop_id AND r.order_id = o.id AND r.status = 'SUCCEEDED') AS refunds,
            (SELECT count(*)::int FROM simulated_ledger l WHERE l.shop_id = o.shop_id AND l.object = 'refund'
               AND l.payment_id = o.payment_id) AS ledger
       FROM orders o WHERE o.id = ANY($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.rows.map((r) => [r.id, r]));
  const wrongState: string[] = [];
  const refundBad: string[] = [];
  let refundOk = 0;
  const cardRejects = actions.filter((a) => a.action === 'reject' && a.card && a.error === undefined);
  for (const a of actions) {
    if (a.error !== undefined) continue; // refused or unanswered: its state is whatever it was
    const r = byId.get(a.orderId);
    const want = a.action === 'accept' ? 'ACCEPTED' : 'DECLINED';
    if (r?.status !== want) wrongState.push(`order ${a.orderId}: ${a.action}ed, now ${r?.status ?? 'missing'}`);
    const expected = a.action === 'reject' && a.card ? 1 : 0;
    if (r && (r.refunds !== expected || r.ledger !== expected))
      refundBad.push(
        `order ${a.orderId} (${a.action}, ${a.card ? 'card' : 'cash'}): ${r.refunds} refunds, ${r.ledger} in the provider's ledger`,
      );
    else if (expected) refundOk++;
  }
  const accepted = actions.filter((a) => a.action === 'accept').length;
  return [
    {
      name: 'staff actions went through, orders in the state they left',
      ok: failed.length === 0 && wrongState.length === 0,
      detail:
        `${actions.length - failed.length - gaveUp.length - wrongState.length} of ${actions.length} ` +
        `(${accepted} accepts, ${actions.length - accepted} rejects); ${actions.filter((a) => a.attempts > 1).length} needed a retry` +
        (gaveUp.length ? `; ${gaveUp.length} unanswered when staff gave up` : ''),
      examples: pick([...failed.map((a) => `${a.action} ${a.orderId}: ${a.status ?? 'no answer'} ${a.error}`), ...wrongState]),
    },
    {
      name: 'every rejected card order refunded exactly once',
      ok: refundBad.length === 0,
      detail: `${refundOk} of ${cardRejects.length} (refunds table and provider ledger agree); no refund on any other order`,
      examples: pick(refundBad),
    },
  ];
}

/**
 * Each dashboard received every event of its shop after the one it started from, exactly once and in order: its ids
 * must be start+1, start+2, … up to the shop's last event.
 */
export async function checkDashboards(pool: pg.Pool, streams: string[], result: DashboardsResult): Promise<Check> {
  const last = new Map(
    (
      await pool.query<{ shop_id: string; seq: number }>(`SELECT shop_id::text, max(seq)::int AS seq FROM shop_events GROUP BY shop_id`)
    ).rows.map((r) => [r.shop_id, r.seq]),
  );
  const bad: string[] = [];
  let complete = 0;
  let events = 0;
  streams.forEach((shopId, i) => {
    const start = result.startIds[i];
    const ids = result.ids[i];
    if (start === null) return void bad.push(`dashboard ${i} never opened`);
    const end = last.get(shopId) ?? start;
    events += ids.length;
    for (let k = 0; k < ids.length; k++) {
      if (ids[k] !== start + k + 1) {
        const seen = new Set<number>();
        const dupes = ids.filter((id) => seen.has(id) || !seen.add(id)).length;
        return void bad.push(
          `dashboard ${i} (shop ${shopId}): expected event ${start + k + 1}, got ${ids[k]} ` +
            `(${dupes} duplicates, ${ids.length} received, ${end - start} expected)`,
        );
      }
    }
    if (start + ids.length !== end)
      return void bad.push(`dashboard ${i} (shop ${shopId}): ${ids.length} of ${end - start} events, none after ${start + ids.length}`);
    complete++;
  });
  return {
    name: 'every dashboard got every event of its shop once, in order',
    ok: bad.length === 0,
    detail: `${complete} of ${streams.length} dashboards, ${events} deliveries, ${result.reconnects} reconnects`,
    examples: pick(bad),
  };
}

/**
 * Which order an alert mail is about, and how that was told: its id in the subject or body (a link to the order),
 * its number ('#1001'), or the first 8 characters of its id ('#1a2b3c4d', what the console shows before orders have
 * numbers). The one place to adapt to the alert mails' wording: answers null for a mail that names no order we placed.
 */
export function matchAlertMail(
  mail: CapturedMail,
  byId: Map<string, Placed>,
  byNumber: Map<string, Placed>,
): { order: Placed; on: 'id' | 'number' | 'id prefix' } | null {
  const text = `${mail.subject}\n${mail.text}\n${mail.html}`;
  for (const id of text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? []) {
    const order = byId.get(id.toLowerCase());
    if (order) return { order, on: 'id' };
  }
  for (const label of text.match(/#\s?[0-9a-z]+/gi) ?? []) {
    const value = label.replace(/^#\s?/, '').toLowerCase();
    const numbered = byNumber.get(value);
    if (numbered) return { order: numbered, on: 'number' };
    if (value.length !== 8) continue;
    const prefixed = [...byId.values()].filter((p) => p.id!.startsWith(value));
    if (prefixed.length === 1) return { order: prefixed[0], on: 'id prefix' };
  }
  return null;
}

/**
 * Every order that got a 201 was alerted exactly once, to its shop's address: one message (Message-ID) per order. A
 * message handed to SMTP twice (a server killed after the hand-over, before it recorded it) carries the same
 * Message-ID and is shown once by mail clients; those are counted apart, two different messages are a failure.
 */
export function checkAlertMails(mails: CapturedMail[], placed: Placed[], numbers: Map<string, string>): Check {
  const orders = placed.filter((p) => p.kind === 'order' && p.status === 201);
  const byId = new Map(orders.map((p) => [p.id!, p]));
  const byNumber = new Map<string, Placed>();
  for (const p of orders) {
    const n = numbers.get(p.id!);
    if (n) byNumber.set(n, p);
  }
  const alerts = mails.filter((m) => /soak\+\d+@soak\.test/i.test(m.to));
  const messages = new Map<string, Set<string>>();
  const unmatched: string[] = [];
  const wrongShop: string[] = [];
  const on = new Set<string>();
  let handedTwice = 0;
  for (const m of alerts) {
    const match = matchAlertMail(m, byId, byNumber);
    if (!match) {
      unmatched.push(`to ${m.to}: "${m.subject}"`);
      continue;
    }
    on.add(match.on);
    if (!m.to.toLowerCase().includes(match.order.shop.alertEmail)) wrongShop.push(`order ${match.order.id} mailed to ${m.to}`);
    const ids = messages.get(match.order.id!) ?? new Set<string>();
    if (m.messageId && ids.has(m.messageId)) handedTwice++;
    ids.add(m.messageId || `${ids.size}`);
    messages.set(match.order.id!, ids);
  }
  const missing = orders.filter((p) => !messages.has(p.id!));
  const twice = [...messages].filter(([, ids]) => ids.size > 1);
  return {
    name: 'every new order alerted by mail exactly once',
    ok: !missing.length && !twice.length && !unmatched.length && !wrongShop.length,
    detail:
      `${orders.length - missing.length - twice.length} of ${orders.length} (matched on ${[...on].join(' and ') || 'nothing'}); ` +
      `${missing.length} missing, ${twice.length} as two messages, ${unmatched.length} naming no order; ` +
      `${handedTwice} handed to SMTP again with the same Message-ID`,
    examples: pick([
      ...missing.map((p) => `order ${p.id} never mailed`),
      ...twice.map(([id, ids]) => `order ${id} mailed as ${ids.size} messages`),
      ...unmatched,
      ...wrongShop,
    ]),
  };
}

/** The orders that got a 201 and no alert mail yet (the run waits for them after the traffic). */
export function unalerted(mails: CapturedMail[], placed: Placed[]): number {
  const orders = placed.filter((p) => p.kind === 'order' && p.status === 201);
  const byId = new Map(orders.map((p) => [p.id!, p]));
  const mailed = new Set<string>();
  for (const m of mails) {
    const match = /soak\+\d+@soak\.test/i.test(m.to) ? matchAlertMail(m, byId, new Map()) : null;
    if (match) mailed.add(match.order.id!);
  }
  return orders.length - mailed.size;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The table the soak ends with. */
export function printChecks(checks: Check[]) {
  const width = Math.max(...checks.map((c) => c.name.length));
  for (const c of checks) {
    console.log(`${c.warn ? 'WARN' : c.ok ? 'PASS' : 'FAIL'}  ${c.name.padEnd(width)}  ${c.detail}`);
    if (!c.ok || c.warn) for (const e of c.examples ?? []) console.log(`        ${e}`);
  }
}
